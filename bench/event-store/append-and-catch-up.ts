/**
 * Append throughput and subscription catch-up rate of the PostgreSQL event store, on an embedded PostgreSQL of
 * its own (nothing else shares the machine's cluster). Run: `npx tsx bench/event-store/append-and-catch-up.ts`.
 * Counts can be changed with BENCH_APPENDS (single-event appends per scenario; the multi-append scenarios make
 * a fiftieth as many calls, 200 events each) and BENCH_CATCH_UP_EVENTS.
 */
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPool, migrate, type Db } from '@ticketing/postgres';
import { startEmbeddedPostgres } from '@ticketing/postgres/embedded';
import { eventStoreMigrations, PostgresEventStore, START, type EventToAppend, type StreamAppend } from '@ticketing/event-store';

const APPENDS = Number(process.env['BENCH_APPENDS'] ?? 5_000);
const CATCH_UP_EVENTS = Number(process.env['BENCH_CATCH_UP_EVENTS'] ?? 50_000);

interface Row {
  readonly scenario: string;
  readonly appends: number;
  readonly events: number;
  readonly seconds: number;
}

const metadata = { correlationId: 'bench', causationId: 'bench', occurredAt: '2025-01-01T00:00:00.000Z', actor: 'system:bench' };
const anEvent = (n: number): EventToAppend => ({ type: 'SeatHeld', data: { n, categoryId: 'cat-1', seats: 2, expiresAt: '2025-01-01T00:15:00.000Z' }, metadata });

/** `writers` concurrent loops sharing `appends` appends of `batch` events each, every writer on its own streams. */
async function appendScenario(store: PostgresEventStore, scenario: string, writers: number, appends: number, batch: number): Promise<Row> {
  const perWriter = Math.ceil(appends / writers);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      for (let n = 0; n < perWriter; n++) {
        await store.append(`bench-${scenario}-${writer}-${n % 50}`, Array.from({ length: batch }, (_, i) => anEvent(n * batch + i)));
      }
    }),
  );
  return { scenario, appends: perWriter * writers, events: perWriter * writers * batch, seconds: (performance.now() - started) / 1000 };
}

/**
 * The on-sale rush: each appendToStreams call holds 100 seats on one inventory stream (shared by all writers,
 * `any`) and opens 100 new reservation streams of one event each (`no_stream`): 200 events per call.
 */
async function rushScenario(store: PostgresEventStore, scenario: string, writers: number, calls: number): Promise<Row> {
  const perWriter = Math.ceil(calls / writers);
  const inventory = `bench-inventory-${writers}`;
  const rush = (n: number): StreamAppend[] => [
    { streamId: inventory, events: Array.from({ length: 100 }, (_, i) => anEvent(n * 100 + i)), expectedRevision: 'any' },
    ...Array.from({ length: 100 }, () => ({ streamId: `bench-reservation-${randomUUID()}`, events: [anEvent(n)], expectedRevision: 'no_stream' as const })),
  ];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      for (let n = 0; n < perWriter; n++) await store.appendToStreams(rush(writer * perWriter + n));
    }),
  );
  return { scenario, appends: perWriter * writers, events: perWriter * writers * 200, seconds: (performance.now() - started) / 1000 };
}

async function catchUpScenario(store: PostgresEventStore, db: Db): Promise<Row> {
  const count = async () => Number((await db.query<{ n: string }>('select count(*) as n from events')).rows[0]!.n);
  // Top the log up to the wanted size with large batches from 8 writers (not measured).
  const missing = CATCH_UP_EVENTS - (await count());
  if (missing > 0) await appendScenario(store, 'fill', 8, Math.ceil(missing / 500), 500);
  const total = await count();
  let seen = 0;
  const started = performance.now();
  const subscription = store.subscribeToAll({ after: START, onEvent: () => void (seen += 1) });
  await subscription.caughtUp;
  const seconds = (performance.now() - started) / 1000;
  await subscription.stop();
  if (seen !== total) throw new Error(`caught up with ${seen} of ${total} events`);
  return { scenario: 'subscription catch-up from START', appends: 0, events: seen, seconds };
}

function printTable(rows: readonly Row[]): void {
  const line = (cells: string[]) => console.log(cells.map((c, i) => (i === 0 ? c.padEnd(40) : c.padStart(12))).join(' '));
  line(['scenario', 'appends', 'events', 'seconds', 'appends/s', 'events/s']);
  for (const row of rows) {
    line([
      row.scenario,
      String(row.appends),
      String(row.events),
      row.seconds.toFixed(2),
      row.appends ? Math.round(row.appends / row.seconds).toLocaleString('en') : '-',
      Math.round(row.events / row.seconds).toLocaleString('en'),
    ]);
  }
}

async function main(): Promise<void> {
  const parent = mkdtempSync(join(tmpdir(), 'event-store-bench-'));
  chmodSync(parent, 0o755); // the embedded server runs as another user when we are root: it must reach the data dir
  const postgres = await startEmbeddedPostgres({ dataDir: join(parent, 'pg'), database: 'bench', ephemeral: true });
  const db = createPool(postgres.url, 20);
  // pool.end() resolves before its sockets are closed; the server stopping right after must not crash the run.
  db.on('error', () => undefined);
  try {
    await migrate(db, eventStoreMigrations);
    const store = new PostgresEventStore(db);
    console.log(`event store bench: ${cpus().length} cores, node ${process.version}, embedded PostgreSQL, fsync on`);
    const rows: Row[] = [];
    rows.push(await appendScenario(store, '1 writer, 1 event per append', 1, APPENDS, 1));
    rows.push(await appendScenario(store, '8 writers, 1 event per append', 8, APPENDS, 1));
    rows.push(await appendScenario(store, '1 writer, 10 events per append', 1, APPENDS / 5, 10));
    rows.push(await appendScenario(store, '8 writers, 10 events per append', 8, APPENDS / 5, 10));
    rows.push(await catchUpScenario(store, db));
    // After the catch-up, so that it still reads BENCH_CATCH_UP_EVENTS events.
    rows.push(await rushScenario(store, '1 writer, multi-append 1x100 + 100x1', 1, APPENDS / 50));
    rows.push(await rushScenario(store, '8 writers, multi-append 1x100 + 100x1', 8, APPENDS / 50));
    printTable(rows);
    await store.close();
  } finally {
    await db.end();
    await postgres.stop();
    rmSync(parent, { recursive: true, force: true });
  }
}

await main();
