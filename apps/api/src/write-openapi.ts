import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { buildOpenApiDocument, createApp, createRootLogger, readConfig } from '@ticketing/application';

/**
 * Writes openapi/public-api.json from the controllers (no database needed). With --check it writes nothing
 * and exits 1 when the committed file differs: CI's drift check.
 */
async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const target = resolve(process.cwd(), 'openapi/public-api.json');
  const config = readConfig({ ...process.env, DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused', LOG_LEVEL: 'error' });
  const { app, db } = await createApp(config, { logger: createRootLogger('error'), documentOnly: true });
  const text = `${JSON.stringify(buildOpenApiDocument(app), null, 2)}\n`;
  await db.end();
  if (check) {
    let committed = '';
    try {
      committed = readFileSync(target, 'utf8');
    } catch {
      // missing counts as drift
    }
    if (committed !== text) {
      process.stderr.write('openapi/public-api.json is out of date with the code: run `npm run openapi` and commit it.\n');
      process.exit(1);
    }
    process.stdout.write('openapi/public-api.json is up to date\n');
    return;
  }
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, text);
  process.stdout.write(`wrote ${target}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
