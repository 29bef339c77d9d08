import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type RunningPostgres } from '@ticketing/postgres/embedded';
import { freePort } from '@ticketing/postgres';
import { runBuiltTool, type ApiProcess } from './api-process.js';

/**
 * What the fault tests (faults-*.system.spec.ts) check after a crash or an outage, and the PostgreSQL server of
 * their own that one of them stops and starts again.
 */

/** A PostgreSQL server owned by one test: stopped (a fast shutdown, connections cut) and started again on the same port and data. */
export interface OwnPostgres {
  readonly url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it (if running) and deletes its data. */
  remove(): Promise<void>;
}

export async function startOwnPostgres(database: string): Promise<OwnPostgres> {
  const parent = mkdtempSync(join(tmpdir(), 'ticketing-fault-pg-'));
  chmodSync(parent, 0o755);
  const port = await freePort();
  // persistent: its data must outlive a stop; remove() deletes it
  const boot = () => startEmbeddedPostgres({ dataDir: join(parent, 'pg'), port, database });
  let running: RunningPostgres | undefined = await boot();
  const url = running.url;
  return {
    url,
    async stop() {
      await running?.stop();
      running = undefined;
    },
    async start() {
      running ??= await boot();
    },
    async remove() {
      await running?.stop().catch(() => undefined);
      running = undefined;
      rmSync(parent, { recursive: true, force: true });
    },
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- event data as stored, asserted field by field
export type StoredEvent = { type: string; data: any };

/** A stream's events read from the log by the built CLI (`audit history --json`), no API process involved. */
export function streamEvents(databaseUrl: string, streamId: string): StoredEvent[] {
  const history = runBuiltTool('cli', ['audit', 'history', streamId, '--json'], databaseUrl);
  if (history.status !== 0) throw new Error(`audit history ${streamId} failed:\n${history.output}`);
  return history.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as StoredEvent);
}

/** `projections verify --all`: the read models that differ from a rebuild (empty when each equals it), and the output. */
export function projectionsDifferingFromRebuild(databaseUrl: string): { differing: string[]; verdicts: number; status: number | null; output: string } {
  const verify = runBuiltTool('cli', ['projections', 'verify', '--all'], databaseUrl);
  const verdicts = verify.stdout.split('\n').filter((line) => /^\S+: .* at position /.test(line));
  return { differing: verdicts.filter((line) => !/: OK at position /.test(line)), verdicts: verdicts.length, status: verify.status, output: verify.output };
}

/** `audit verify-log`: every stream's hash chain and the log's chain recomputed; status 0 when intact. */
export function verifyLog(databaseUrl: string): { status: number | null; output: string } {
  const verified = runBuiltTool('cli', ['audit', 'verify-log'], databaseUrl);
  return { status: verified.status, output: verified.output };
}

/** Polls the process's /api/health until every read model has applied the whole log; false after `seconds`. */
export async function untilCaughtUp(api: ApiProcess, seconds = 30): Promise<boolean> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const health = await fetch(`${api.baseUrl}/api/health`)
      .then((r) => r.json() as Promise<{ projections?: { lag: string | null }[] }>)
      .catch(() => undefined);
    const projections = health?.projections ?? [];
    if (projections.length > 0 && projections.every((p) => p.lag === '0')) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Runs one SQL query on the database with a client of its own (the test's view of the read models). */
export async function query<Row extends object>(databaseUrl: string, text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Seats the holds read model shows held past their expiry by more than `graceSeconds` (a sweep should have returned them). */
export async function holdsPastExpiry(databaseUrl: string, graceSeconds: number): Promise<number> {
  const [row] = await query<{ n: number }>(
    databaseUrl,
    `select count(*)::int as n from sales_holds where status = 'HELD' and expires_at < now() - make_interval(secs => $1)`,
    [graceSeconds],
  );
  return row!.n;
}

/** Asks until `accept` holds, at most `seconds`; answers the last value. */
export async function eventually<T>(probe: () => Promise<T>, accept: (value: T) => boolean, seconds = 15): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  let value = await probe();
  while (!accept(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    value = await probe();
  }
  return value;
}

/** The ids of an event's categories by their English names, once the process's read models show them all (at most 30 s). */
export async function categoryIds<Name extends string>(api: ApiProcess, event: string, names: readonly Name[]): Promise<Record<Name, number>> {
  const listed = await eventually(
    async () => {
      const response = await fetch(`${api.baseUrl}/api/v2/public/event/${event}/ticket-categories`);
      if (response.status !== 200) return [];
      return ((await response.json()) as { ticketCategories: { id: number; name: string }[] }).ticketCategories;
    },
    (categories) => names.every((name) => categories.some((c) => c.name === name)),
    30,
  );
  const ids = Object.fromEntries(listed.map((c) => [c.name, c.id]));
  for (const name of names) if (ids[name] === undefined) throw new Error(`${api.name} does not show the category ${name} of ${event}\n${api.logs()}`);
  return ids as Record<Name, number>;
}

/** `workers` loops, each calling `step(worker)` again as soon as it returns, until stop() (which waits for the calls in flight). */
export function keepCalling(workers: number, step: (worker: number) => Promise<void>): { stop(): Promise<void> } {
  let running = true;
  const loops = Array.from({ length: workers }, async (_, worker) => {
    while (running) await step(worker);
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}
