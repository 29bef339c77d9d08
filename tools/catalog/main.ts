import { createEventStore, eventStoreMigrations } from '@ticketing/event-store';
import { randomIds } from '@ticketing/kernel';
import { createPool, migrate } from '@ticketing/postgres';
import { projectionMigrations } from '@ticketing/projections';
import { CATALOG_USAGE, runCatalogCli } from './run-catalog-cli.js';

/**
 * `npm run catalog -- import <file>`: builds the event store from the environment (DATABASE_URL; an
 * EVENTSTORE_URL selects KurrentDB for the log), runs one command and exits with its code.
 */
async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help') {
    process.stdout.write(CATALOG_USAGE);
    return argv.length === 0 ? 2 : 0;
  }
  const databaseUrl = process.env['DATABASE_URL'];
  if (!databaseUrl) {
    process.stderr.write(`DATABASE_URL is not set (npm start prints the one of the embedded PostgreSQL)\n\n${CATALOG_USAGE}`);
    return 2;
  }
  const db = createPool(databaseUrl, 5);
  try {
    // The API applies the same migrations; they are idempotent, so importing before the first start works too.
    await migrate(db, [...eventStoreMigrations, ...projectionMigrations]);
    const store = createEventStore({ db, eventStoreUrl: process.env['EVENTSTORE_URL'] || undefined });
    try {
      // npm runs scripts from the repository root; INIT_CWD is where the user typed the command.
      const cwd = process.env['INIT_CWD'] || process.cwd();
      return await runCatalogCli(argv, { store, out: process.stdout, clock: { now: () => new Date() }, ids: randomIds, cwd });
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
