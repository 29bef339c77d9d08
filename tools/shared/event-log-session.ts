import { existsSync, readFileSync } from 'node:fs';
import { setV8Options } from '@ticketing/application/v8-options';
import { createEventStore, eventStoreMigrations, type EventStore } from '@ticketing/event-store';
import { createPool, migrate, type Db } from '@ticketing/postgres';
import { projectionMigrations } from '@ticketing/projections';

/** Where `npm start` (tools/start/database.mjs) keeps the URL of the embedded PostgreSQL while it runs. */
const EMBEDDED_URL_FILE = '.data/database-url';

/** DATABASE_URL, else the embedded PostgreSQL of a running `npm start` of this checkout (the working folder), else null. */
export function databaseUrlOf(env: NodeJS.ProcessEnv, folder = process.cwd()): string | null {
  const given = env['DATABASE_URL']?.trim();
  if (given) return given;
  const file = `${folder}/${EMBEDDED_URL_FILE}`;
  if (!existsSync(file)) return null;
  const url = readFileSync(file, 'utf8').trim();
  if (!url) return null;
  process.stderr.write(`using the embedded PostgreSQL of npm start (${EMBEDDED_URL_FILE}); set DATABASE_URL for another\n`);
  return url;
}

/**
 * What every command-line tool needs: the pool at DATABASE_URL and the event store (EVENTSTORE_URL selects
 * KurrentDB for the log), migrated, closed again however `work` ends. Without DATABASE_URL, the embedded
 * PostgreSQL a running `npm start` of this checkout says it runs; returns 2 with `usage` when there is neither.
 */
export async function withEventLog(usage: string, work: (log: { db: Db; store: EventStore }) => Promise<number>): Promise<number> {
  const databaseUrl = databaseUrlOf(process.env);
  if (!databaseUrl) {
    process.stderr.write(`DATABASE_URL is not set, and no \`npm start\` of this checkout runs an embedded PostgreSQL (${EMBEDDED_URL_FILE})\n\n${usage}`);
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

/** Runs a tool's main, with the product's V8 options, and turns its result (or failure) into the process exit code. */
export function runMain(main: () => Promise<number>): void {
  setV8Options();
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
