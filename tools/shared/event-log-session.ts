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
 * PostgreSQL a running `npm start` of this checkout says it runs, whose URL then becomes this process's
 * DATABASE_URL, as tools/start/start.mjs gives it to the API: what is named after the database (the default
 * checkpoint file, checkpoint-settings.ts) is then the API's. Returns 2 with `usage` when there is neither, 1
 * with one line naming the database (never its password) when it cannot be reached.
 */
export async function withEventLog(usage: string, work: (log: { db: Db; store: EventStore }) => Promise<number>): Promise<number> {
  const databaseUrl = databaseUrlOf(process.env);
  if (!databaseUrl) {
    process.stderr.write(`DATABASE_URL is not set, and no \`npm start\` of this checkout runs an embedded PostgreSQL (${EMBEDDED_URL_FILE})\n\n${usage}`);
    return 2;
  }
  const given = Boolean(process.env['DATABASE_URL']?.trim());
  process.env['DATABASE_URL'] = databaseUrl;
  const db = createPool(databaseUrl, 5);
  try {
    try {
      await db.query('select 1');
    } catch (error) {
      // the one thing an operator can act on (which database, why); a stack would only bury it
      const source = given ? 'DATABASE_URL' : `${EMBEDDED_URL_FILE}: is \`npm start\` still running?`;
      process.stderr.write(`cannot reach the database ${withoutPassword(databaseUrl)} (${source}): ${reasonOf(error)}\n`);
      return 1;
    }
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

/** The URL as it may be printed: its password masked (a connection string that is no URL is not printed at all). */
export function withoutPassword(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = '***';
    if (url.searchParams.has('password')) url.searchParams.set('password', '***');
    return url.toString();
  } catch {
    return '(DATABASE_URL, not printed: not a URL)';
  }
}

/** Node's connect error for a host name with several addresses is an AggregateError with no message of its own. */
function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && !error.message) return [...new Set(error.errors.map(reasonOf))].join('; ');
  if (error instanceof Error) return error.message || String((error as NodeJS.ErrnoException).code ?? error.name);
  return String(error);
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
