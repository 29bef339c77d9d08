import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createTestDatabase, type TestDatabase } from '@ticketing/postgres/testing';
import { readConfig } from '../config/app-config.js';
import { createRootLogger } from '../logging/json-logger.js';
import { createApp } from '../create-app.js';

export interface TestApp {
  readonly app: NestFastifyApplication;
  readonly database: TestDatabase;
  inject: NestFastifyApplication['inject'];
  close(): Promise<void>;
}

/** The real application on a database of its own, driven through Fastify's in-process HTTP injection. */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase('api');
  // Tests repeat calls from one address far faster than a person: rate limits only where a test asks for them.
  const config = readConfig({ DATABASE_URL: database.url, LOG_LEVEL: 'silent', APP_MODE: 'dev', RATE_LIMITS: 'off', ...env });
  const { app } = await createApp(config, { logger: createRootLogger('silent') });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return {
    app,
    database,
    inject: app.inject.bind(app),
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/** A visitor's session: the token pair a first GET hands out, sent back on writes as the storefront does. */
export async function openSession(app: TestApp): Promise<{ sessionId: string; xsrf: string }> {
  const response = await app.inject({ method: 'GET', url: '/api/v2/public/i18n/languages' });
  return { sessionId: String(response.headers['x-auth-token']), xsrf: String(response.headers['xsrf-token']) };
}
