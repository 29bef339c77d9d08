import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { buildOpenApiDocument, createApp, createRootLogger, DB, EVENT_STORE, PROJECTION_RUNNER, readConfig, type RunningStandIns } from '@ticketing/application';
import type { EventStore, EventToAppend } from '@ticketing/event-store';
import type { Db } from '@ticketing/postgres';
import { createTestDatabase, type TestDatabase } from '@ticketing/postgres/testing';
import type { ProjectionFollower } from '@ticketing/projections';

export interface TestApp {
  readonly app: NestFastifyApplication;
  readonly database: TestDatabase;
  inject: NestFastifyApplication['inject'];
  /** The application's event log, database pool and projection runner. */
  readonly store: EventStore;
  readonly db: Db;
  readonly runner: ProjectionFollower;
  /** The OpenAPI description the application serves. */
  openApiDocument(): ReturnType<typeof buildOpenApiDocument>;
  /** Appends events to a stream and returns once every read model shows them. */
  given(streamId: string, events: readonly EventToAppend[]): Promise<void>;
  /** Headers of a visitor session, for POST calls (anti-forgery token). */
  session(): Promise<Record<string, string>>;
  /** Returns once every read model shows every event appended so far (what a later scheduled job would see). */
  settle(): Promise<void>;
  /** `keepDatabase`: the database stays for another app to start on (a restart); else it is dropped. */
  close(options?: { keepDatabase?: boolean }): Promise<void>;
}

export interface TestAppOptions {
  /** The database of an app closed with `keepDatabase` (a restart of the process): used as it is, dropped on close. */
  readonly database?: TestDatabase;
  /** Payment stand-ins the test started and closes, so they outlive the app (their payments survive a restart). */
  readonly paymentStandIns?: RunningStandIns;
}

/** The real application on a database of its own, driven through Fastify's in-process HTTP injection. */
export async function startTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase('api'));
  // Tests repeat calls from one address far faster than a person: rate limits only where a test asks for them.
  const config = readConfig({ DATABASE_URL: database.url, LOG_LEVEL: 'silent', APP_MODE: 'dev', RATE_LIMITS: 'off', ...env });
  const { app } = await createApp(config, { logger: createRootLogger('silent'), ...(options.paymentStandIns ? { paymentStandIns: options.paymentStandIns } : {}) });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  const store = app.get<EventStore>(EVENT_STORE);
  const runner = app.get<ProjectionFollower>(PROJECTION_RUNNER);
  const pool = app.get<Db>(DB);
  const testApp: TestApp = {
    app,
    database,
    inject: app.inject.bind(app),
    store,
    db: pool,
    runner,
    openApiDocument: () => buildOpenApiDocument(app),
    async given(streamId, events) {
      const { position } = await store.append(streamId, events);
      await runner.waitFor(position);
    },
    async settle() {
      await runner.waitFor(await store.headPosition());
    },
    async session() {
      const { sessionId, xsrf } = await openSession(testApp);
      return { 'x-auth-token': sessionId, 'x-csrf-token': xsrf };
    },
    /**
     * pg's Pool.end() resolves before its clients' sockets are closed; dropping the database `with (force)`
     * right then can hit one of them with a FATAL nobody listens to (an uncaught error in the run). So the
     * drop waits until the pool has let every client go.
     */
    async close({ keepDatabase = false } = {}) {
      const open = pool.totalCount;
      let removed = 0;
      const released = new Promise<void>((resolve) => {
        if (open === 0) resolve();
        pool.on('remove', () => ++removed >= open && resolve());
        setTimeout(resolve, 2_000).unref();
      });
      await app.close();
      await released;
      if (!keepDatabase) await database.drop();
    },
  };
  return testApp;
}

/** A visitor's session: the token pair a first GET hands out, sent back on writes as the storefront does. */
export async function openSession(app: Pick<TestApp, 'inject'>): Promise<{ sessionId: string; xsrf: string }> {
  const response = await app.inject({ method: 'GET', url: '/api/v2/public/i18n/languages' });
  return { sessionId: String(response.headers['x-auth-token']), xsrf: String(response.headers['xsrf-token']) };
}
