import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type RunningPostgres } from '@ticketing/postgres/embedded';
import { freePort } from '@ticketing/postgres';
import { createTestDatabase, type TestDatabase } from '@ticketing/postgres/testing';
import { afterAll, beforeAll, expect } from 'vitest';
import { callApi, runBuiltTool, startApiProcess, type ApiAnswer, type ApiProcess, type Session } from './api-process.js';

/**
 * What the fault tests (faults-*.system.spec.ts) check after a crash or an outage, the PostgreSQL server of
 * their own that one of them stops and starts again, and the database with its API processes that they and the
 * other multi-process system specs (invoice numbers, pass uses) start from.
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
export function projectionsDifferingFromRebuild(databaseUrl: string, env: Record<string, string> = {}): { differing: string[]; verdicts: number; status: number | null; output: string } {
  const verify = runBuiltTool('cli', ['projections', 'verify', '--all'], databaseUrl, env);
  const verdicts = verify.stdout.split('\n').filter((line) => /^\S+: .* at position /.test(line));
  return { differing: verdicts.filter((line) => !/: OK at position /.test(line)), verdicts: verdicts.length, status: verify.status, output: verify.output };
}

/** `audit verify-log`: every stream's hash chain and the log's chain recomputed; status 0 when intact. */
export function verifyLog(databaseUrl: string): { status: number | null; output: string } {
  const verified = runBuiltTool('cli', ['audit', 'verify-log'], databaseUrl);
  return { status: verified.status, output: verified.output };
}

/** The end of a fault test: `projections verify --all` finds every read model equal to a rebuild, and `audit verify-log` every hash chain intact. */
export function expectReadModelsAndChainsIntact(databaseUrl: string): void {
  const verify = projectionsDifferingFromRebuild(databaseUrl);
  expect(verify.verdicts, verify.output).toBeGreaterThan(0);
  expect(verify.differing, verify.output).toEqual([]);
  expect(verify.status, verify.output).toBe(0);
  const log = verifyLog(databaseUrl);
  expect(log.status, log.output).toBe(0);
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

/** Seats sold for an event, as the holds read model counts them. */
export async function seatsSold(databaseUrl: string, event: string): Promise<number> {
  const [row] = await query<{ n: number }>(
    databaseUrl,
    `select coalesce(sum((t->>'quantity')::int), 0)::int as n from sales_holds, jsonb_array_elements(tickets) t where short_name = $1 and status = 'SOLD'`,
    [event],
  );
  return row!.n;
}

/**
 * Waits (at most `seconds`) until no seat is held any more, as the acknowledged holds are completed and the others
 * expire; false as soon as a hold stands more than 10 s past its expiry (a sweep every second should have ended it).
 */
export async function untilNoHoldPastExpiry(databaseUrl: string, seconds: number): Promise<boolean> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    if ((await holdsPastExpiry(databaseUrl, 10)) > 0) return false;
    const [held] = await query<{ n: number }>(databaseUrl, `select count(*)::int as n from sales_holds where status = 'HELD'`);
    if (held!.n === 0) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 500));
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

/** The same buyer (token pair) talking to another process on the same database. */
export function onProcess(session: Session, api: ApiProcess): Session {
  return { api, headers: session.headers };
}

/** Seats of a category (one by default); a call that died with its process answers status 0 (the buyer never heard back). */
export async function reserveSeats(session: Session, event: string, categoryId: number, amount = 1): Promise<ApiAnswer> {
  return callApi(session, 'POST', `/event/${event}/reserve-tickets?lang=en`, { reservation: [{ ticketCategoryId: categoryId, amount }] }).catch(
    (error: unknown) => ({ status: 0, body: error instanceof Error ? error.message : String(error), headers: new Headers() }),
  );
}

/** The attendee and buyer form of an order (validate-to-overview), every ticket in the buyer's name; the answer. */
export async function fillInOrder(session: Session, reservationId: string, name: string, extra: object = {}): Promise<ApiAnswer> {
  const view = await callApi(session, 'GET', `/reservation/${reservationId}`);
  if (view.status !== 200) return view;
  const uuids = (view.body.ticketsByCategory as { tickets: { uuid: string }[] }[]).flatMap((c) => c.tickets.map((t) => t.uuid));
  const buyer = { firstName: 'Ada', lastName: name, email: `${name.toLowerCase()}@example.org` };
  return callApi(session, 'POST', `/reservation/${reservationId}/validate-to-overview?lang=en`, { ...buyer, ...extra, tickets: Object.fromEntries(uuids.map((u) => [u, buyer])) });
}

/** Confirms an order (free, or paid at the desk with `paymentProxy: 'ON_SITE'`); the answer. */
export async function confirmOrder(session: Session, reservationId: string, payment: object = {}): Promise<ApiAnswer> {
  return callApi(session, 'POST', `/reservation/${reservationId}?lang=en`, { termAndConditionsAccepted: true, privacyPolicyAccepted: true, ...payment });
}

/** A free order filled in and confirmed; its status afterwards (COMPLETE), or what went wrong. */
export async function completeFreeOrder(session: Session, reservationId: string): Promise<string> {
  const filled = await fillInOrder(session, reservationId, `Buyer${reservationId.slice(0, 8)}`);
  if (filled.status !== 200) return `validate-to-overview ${filled.status} ${JSON.stringify(filled.body)}`;
  const confirmed = await confirmOrder(session, reservationId);
  if (confirmed.status !== 200) return `confirm ${confirmed.status} ${JSON.stringify(confirmed.body)}`;
  return (await callApi(session, 'GET', `/reservation/${reservationId}`)).body.status as string;
}

/**
 * The demand stays: buyers (taken in turn from `buyers`) reserve one seat and complete the order until the event is
 * sold out; the number of seats they got. Throws when a reservation fails otherwise than sold out (422).
 */
export async function buyUntilSoldOut(buyers: readonly Session[], event: string, categoryId: number): Promise<number> {
  for (let bought = 0; ; bought++) {
    const buyer = buyers[bought % buyers.length]!;
    const answer = await reserveSeats(buyer, event, categoryId);
    if (answer.status === 422) return bought;
    if (answer.status !== 200) throw new Error(`reserving after the rush answered ${answer.status} ${JSON.stringify(answer.body)}\n${buyer.api.logs()}`);
    const completed = await completeFreeOrder(buyer, answer.body.value as string);
    if (completed !== 'COMPLETE') throw new Error(`completing an order after the rush: ${completed}\n${buyer.api.logs()}`);
  }
}

/** The reservations among `ids` that the event log does not have: neither a stream of their own nor the hold that opened them. */
export async function reservationsMissingFromLog(databaseUrl: string, ids: readonly string[]): Promise<string[]> {
  const found = await query<{ id: string }>(
    databaseUrl,
    `select substr(stream_id, 13) as id from events where stream_id = any($1)
     union select data->>'reservationId' from events where type = 'SeatsHeld' and data->'opening' is not null and data->>'reservationId' = any($2)`,
    [ids.map((id) => `reservation-${id}`), ids],
  );
  const present = new Set(found.map((r) => r.id));
  return ids.filter((id) => !present.has(id));
}

/** A database of the test's own with a catalog imported, and the built API processes it starts on it (stopped after). */
export interface ProcessesOnOneDatabase {
  readonly url: string;
  /**
   * Starts a built API process on the database (the suite's env) and, unless `waitUntilHealthy` is false, waits
   * until it answers /api/health.
   */
  start(name: string, options?: { readonly waitUntilHealthy?: boolean }): Promise<ApiProcess>;
  /** Every process's output so far, for failure messages. */
  logs(): string;
}

/**
 * Registers the suite's beforeAll (database, catalog import) and afterAll (processes stopped, database dropped).
 * Every process gets the database, rate limits off and the sweeper every second, then `env` over those.
 */
export function processesOnOneDatabase(databaseName: string, catalog: string, env: Record<string, string> = {}): ProcessesOnOneDatabase {
  let database: TestDatabase | undefined;
  const processes: ApiProcess[] = [];
  beforeAll(async () => {
    database = await createTestDatabase(databaseName);
    const imported = runBuiltTool('catalog-cli', ['import', catalog], database.url);
    if (imported.status !== 0) throw new Error(`importing the catalog failed:\n${imported.output}`);
  });
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await database?.drop();
  });
  const url = (): string => {
    if (!database) throw new Error('the database is made in beforeAll');
    return database.url;
  };
  return {
    get url() {
      return url();
    },
    async start(name, options) {
      const api = await startApiProcess(name, { DATABASE_URL: url(), RATE_LIMITS: 'off', RESERVATION_SWEEP_INTERVAL_MS: '1000', ...env }, options);
      processes.push(api);
      return api;
    },
    logs: () => processes.map((p) => p.logs()).join('\n'),
  };
}
