import { createEventStore, eventStoreMigrations, type EventStore, type EventToAppend } from '@ticketing/event-store';
import { migrate, type Db } from '@ticketing/postgres';
import { createTestDatabase, type TestDatabase } from '@ticketing/postgres/testing';
import { ProjectionRunner, projectionMigrations, type Projection, type ProjectionLogger } from '@ticketing/projections';

const silent: ProjectionLogger = { log: () => undefined, warn: () => undefined, error: () => undefined };

/** A fresh database, the real event store and a runner for the projections under test (small batches, polling). */
export interface ProjectionHarness {
  readonly db: Db;
  readonly store: EventStore;
  readonly runner: ProjectionRunner;
  /** Appends to a stream and applies everything to the tables. */
  given(streamId: string, events: readonly EventToAppend[]): Promise<void>;
  /**
   * Applies every event of the log once more, directly, as a duplicate delivery would; newest first, so
   * each older event also arrives after a newer one of its stream.
   */
  replayAllAgain(projection: Projection): Promise<void>;
  rows<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** `batchSize`: events per transaction (default 3, so a few events already make several batches). */
export async function projectionHarness(prefix: string, projections: readonly Projection[], { batchSize = 3 }: { batchSize?: number } = {}): Promise<ProjectionHarness> {
  const test: TestDatabase = await createTestDatabase(prefix);
  await migrate(test.db, [...eventStoreMigrations, ...projectionMigrations]);
  const store = createEventStore({ db: test.db });
  const runner = new ProjectionRunner({ db: test.db, store, projections, batchSize, wakeUps: 'polling', logger: silent });
  return {
    db: test.db,
    store,
    runner,
    async given(streamId, events) {
      await store.append(streamId, events);
      await runner.catchUp();
    },
    async replayAllAgain(projection) {
      const client = await test.db.connect();
      try {
        const tx = { client, schema: 'public', table: (name: string) => `"public"."${name}"` };
        for (const event of (await store.readAll()).reverse()) {
          if (projection.canHandle.includes(event.type)) await projection.apply(event, tx);
        }
      } finally {
        client.release();
      }
    },
    async rows(sql, params) {
      return (await test.db.query(sql, params)).rows;
    },
    async close() {
      await store.close();
      await test.drop();
    },
  };
}
