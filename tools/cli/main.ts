import { pino } from 'pino';
import { createEventStore, eventStoreMigrations } from '@ticketing/event-store';
import { createPool, migrate } from '@ticketing/postgres';
import { pinoProjectionLogger, projectionMigrations } from '@ticketing/projections';
import { allProjections } from '@ticketing/read-models';
import { runCli, USAGE } from './run-cli.js';

/**
 * `tools` entry: builds the database pool and the event store from the environment (DATABASE_URL; an
 * EVENTSTORE_URL selects KurrentDB for the log), runs one command, and exits with its code.
 */
async function main(): Promise<number> {
  const databaseUrl = process.env['DATABASE_URL'];
  if (!databaseUrl) {
    process.stderr.write(`DATABASE_URL is not set (npm start prints the one of the embedded PostgreSQL)\n\n${USAGE}`);
    return 2;
  }
  const db = createPool(databaseUrl, 5);
  try {
    // The same migrations the API applies for these tables; idempotent, so a CLI run before the API works too.
    await migrate(db, [...eventStoreMigrations, ...projectionMigrations]);
    const store = createEventStore({ db, eventStoreUrl: process.env['EVENTSTORE_URL'] || undefined });
    try {
      const logger = pinoProjectionLogger(pino({ name: 'tools' }, pino.destination({ fd: 2, sync: true })));
      return await runCli(process.argv.slice(2), { db, store, projections: allProjections, out: process.stdout, logger });
    } finally {
      await store.close();
    }
  } finally {
    await db.end();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
