import { createEventStore, eventStoreMigrations, type EventStore } from '@ticketing/event-store';
import { createPool, migrate, type Db } from '@ticketing/postgres';
import { projectionMigrations } from '@ticketing/projections';

/**
 * What every command-line tool needs: the pool at DATABASE_URL and the event store (EVENTSTORE_URL selects
 * KurrentDB for the log), migrated, closed again however `work` ends. Returns 2 with `usage` when
 * DATABASE_URL is missing.
 */
export async function withEventLog(usage: string, work: (log: { db: Db; store: EventStore }) => Promise<number>): Promise<number> {
  const databaseUrl = process.env['DATABASE_URL'];
  if (!databaseUrl) {
    process.stderr.write(`DATABASE_URL is not set (npm start prints the one of the embedded PostgreSQL)\n\n${usage}`);
    return 2;
  }
  const db = createPool(databaseUrl, 5);
  try {
    // The API applies the same migrations; they are idempotent, so a tool run before the first start works too.
    await migrate(db, [...eventStoreMigrations, ...projectionMigrations]);
    const store = createEventStore({ db, eventStoreUrl: process.env['EVENTSTORE_URL'] || undefined });
    try {
      return await work({ db, store });
    } finally {
      await store.close();
    }
  } finally {
    await db.end();
  }
}

/** Runs a tool's main and turns its result (or failure) into the process exit code. */
export function runMain(main: () => Promise<number>): void {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
