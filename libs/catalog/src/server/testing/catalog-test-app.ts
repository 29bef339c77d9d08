import type { EventStore, EventToAppend } from '@ticketing/event-store';
import type { Db } from '@ticketing/postgres';
import type { ProjectionRunner } from '@ticketing/projections';
// Tests only: the real application, as the API integration tests start it.
import { AppModule } from '../../../../../apps/api/src/app.module.js';
import { DB, EVENT_STORE, PROJECTION_RUNNER } from '../../../../../apps/api/src/platform/tokens.js';
import { openSession, startTestApp, type TestApp } from '../../../../../apps/api/src/testing/test-app.js';
import { CatalogReadModule } from '../catalog-read.module.js';
import { CATALOG_DB } from '../read-tokens.js';

/**
 * Until AppModule imports CatalogReadModule (and provides CATALOG_DB with its pool), the test app gets
 * them added here, exactly as the wiring will do it; once AppModule has them this changes nothing.
 */
function wireCatalogIntoAppModule(): void {
  const register = AppModule.register.bind(AppModule);
  if ((register as { catalogWired?: boolean }).catalogWired) return;
  const wired = (...args: Parameters<typeof AppModule.register>) => {
    const module = register(...args);
    if ((module.imports ?? []).includes(CatalogReadModule)) return module;
    return {
      ...module,
      imports: [...(module.imports ?? []), CatalogReadModule],
      providers: [...(module.providers ?? []), { provide: CATALOG_DB, useExisting: DB }],
      exports: [...(module.exports ?? []), CATALOG_DB],
    };
  };
  AppModule.register = Object.assign(wired, { catalogWired: true });
}

export interface CatalogTestApp extends TestApp {
  /** Appends catalog events to a stream and returns once every read model shows them. */
  given(streamId: string, events: readonly EventToAppend[]): Promise<void>;
  /** Headers of a visitor session, for POST calls (anti-forgery token). */
  session(): Promise<Record<string, string>>;
  /** Returns once every read model shows every event appended so far (what a later scheduled job would see). */
  settle(): Promise<void>;
}

export async function startCatalogTestApp(env: Record<string, string> = {}): Promise<CatalogTestApp> {
  wireCatalogIntoAppModule();
  const app = await startTestApp(env);
  const store = app.app.get<EventStore>(EVENT_STORE);
  const runner = app.app.get<ProjectionRunner>(PROJECTION_RUNNER);
  const pool = app.app.get<Db>(DB);
  return Object.assign(app, {
    /**
     * pg's Pool.end() resolves before its clients' sockets are closed; dropping the database `with (force)`
     * right then can hit one of them with a FATAL nobody listens to (an uncaught error in the run). So the
     * drop waits until the pool has let every client go.
     */
    async close() {
      const open = pool.totalCount;
      let removed = 0;
      const released = new Promise<void>((resolve) => {
        if (open === 0) resolve();
        pool.on('remove', () => ++removed >= open && resolve());
        setTimeout(resolve, 2_000).unref();
      });
      await app.app.close();
      await released;
      await app.database.drop();
    },
    async given(streamId: string, events: readonly EventToAppend[]) {
      const { position } = await store.append(streamId, events);
      await runner.waitFor(position);
    },
    async settle() {
      await runner.waitFor(await store.headPosition());
    },
    async session() {
      const { sessionId, xsrf } = await openSession(app);
      return { 'x-auth-token': sessionId, 'x-csrf-token': xsrf };
    },
  });
}
