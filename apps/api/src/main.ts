import { createApp, createRootLogger, InvalidConfigurationError, readConfig } from '@ticketing/application';
import { setV8Options } from '@ticketing/application/v8-options';

async function main(): Promise<void> {
  setV8Options();
  let config;
  try {
    config = readConfig();
  } catch (error) {
    if (error instanceof InvalidConfigurationError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const logger = createRootLogger(config.logLevel);
  const { app } = await createApp(config, { logger });
  await app.listen(config.port, config.host);
  const url = await app.getUrl();
  logger.info({ url }, `ticketing storefront listening on ${url.replace('[::1]', 'localhost').replace('127.0.0.1', 'localhost')}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
