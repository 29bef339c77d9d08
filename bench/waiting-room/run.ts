/**
 * The waiting room under an on-sale rush: ARRIVALS visitors arrive within ARRIVAL_SECONDS on an event of 1,000 seats
 * with a waiting room, through the real API of the built app on loopback (one process, embedded PostgreSQL). The
 * room opens OPEN_AFTER_SECONDS after the first arrival: who came before is drawn, the rest queue behind. Prints:
 * - joins/s (an arrival = a first GET that opens the session, then the join POST);
 * - the status call's p50/p99 (one call per visitor, all 50,000 of them) beside the no-op route's (same count and
 *   connections, same run);
 * - admissions per minute as recorded by the room against the configured rate (within 5 %, else exit 1);
 * - the buyers at the front polling until admitted and reserving one seat each with their token: exactly 1,000 seats
 *   sold (else exit 1);
 * - the draw: the pre-opening arrivals' places equal the replay of the recorded seed, and admissions went in place
 *   order (else exit 1).
 * Run: `npx tsx bench/waiting-room/run.ts` after `npm run build`. Env: BENCH_ARRIVALS [50000], BENCH_ARRIVAL_SECONDS
 * [10], BENCH_OPEN_AFTER_SECONDS [5], BENCH_RATE [6000 admissions/min], BENCH_CONCURRENCY [128], BENCH_BUYERS [1500],
 * BENCH_DIST [dist/api]. Timings are printed, never asserted.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { drawOrder } from '@ticketing/queue/domain';
// @ts-expect-error plain JavaScript of the other benchmarks (no types)
import { freePort, importCatalog, keepAliveSender, loopbackSender, positive, stopBenchApp, whenHealthy } from '../shared/loopback.mjs';
// @ts-expect-error plain JavaScript of the other benchmarks (no types)
import { cpuPerCall, cpuSnapshot, summarizeHeapProfile, summarizeProfile } from '../rush/profile.mjs';

const ARRIVALS = positive('BENCH_ARRIVALS', 50_000);
const ARRIVAL_SECONDS = positive('BENCH_ARRIVAL_SECONDS', 10);
const OPEN_AFTER_SECONDS = positive('BENCH_OPEN_AFTER_SECONDS', 5);
const RATE = positive('BENCH_RATE', 6_000);
const CONCURRENCY = positive('BENCH_CONCURRENCY', 128);
const BUYERS = positive('BENCH_BUYERS', 1_500);
const DIST = resolve(process.env['BENCH_DIST'] ?? 'dist/api');
/** cpu: CPU ms per call of each phase (API main thread, its other threads, PostgreSQL, this client) from /proc; 1: that and the API's V8 profiles. */
const PROFILE = ['1', 'cpu'].includes(process.env['BENCH_PROFILE'] ?? '');
const V8_PROFILES = process.env['BENCH_PROFILE'] === '1';
const SEATS = 1_000;
const EVENT = 'queue-rush';
const TICK_MS = 250;

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; text: string };
type Send = (method: string, path: string, options?: { body?: unknown; headers?: Record<string, string> }) => Promise<Answer>;

let port = 0;
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY, maxFreeSockets: CONCURRENCY });
/** BENCH_CLIENT=node-http: node:http's client (an Agent), the way the bench sent before; else the lean keep-alive sender. */
const NODE_HTTP = process.env['BENCH_CLIENT'] === 'node-http';
const lean = keepAliveSender(() => port, CONCURRENCY, 30_000) as Send & { close(): void };
const send: Send = NODE_HTTP ? loopbackSender(agent, () => port, 30_000) : lean;
const header = (a: Answer, name: string) => String(a.headers[name] ?? '');

/** `count` calls with at most CONCURRENCY in flight; latencies in ms and the answers' statuses. */
async function phase(count: number, call: (i: number) => Promise<Answer>, startAt?: (i: number) => number) {
  const latencies = new Float64Array(count);
  const statuses = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  async function worker() {
    for (;;) {
      const i = next++;
      if (i >= count) return;
      const due = startAt ? started + startAt(i) : 0;
      if (due > performance.now()) await new Promise((r) => setTimeout(r, due - performance.now()));
      const sent = performance.now();
      const answer = await call(i).catch(() => ({ status: 0, headers: {}, text: '' }));
      latencies[i] = performance.now() - sent;
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  const sorted = latencies.slice().sort();
  const percentile = (p: number) => sorted[Math.min(count - 1, Math.ceil((p / 100) * count) - 1)]!;
  return { seconds, perSecond: count / seconds, p50: percentile(50), p99: percentile(99), statuses };
}

const digest = (session: string) => createHash('sha256').update(session).digest('base64url');
const fixed = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

const { startEmbeddedPostgres } = await import(join(DIST, 'embedded-postgres.js'));
const parent = mkdtempSync(join(tmpdir(), 'bench-waiting-room-'));
chmodSync(parent, 0o755);
const database = await startEmbeddedPostgres({ dataDir: join(parent, 'pg'), database: 'bench', ephemeral: true });
port = await freePort();
const api = spawn(process.execPath, [join(DIST, 'main.js')], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: database.url, LOG_LEVEL: 'error', APP_MODE: 'prod', BENCH_ROUTES: '1', RATE_LIMITS: 'off', QUEUE_ADMISSION_INTERVAL_MS: String(TICK_MS) },
});
const sql = new pg.Client({ connectionString: database.url });
// the bench's own PostgreSQL: its postmaster's pid is the first line of postmaster.pid
const postmasterPid = Number(readFileSync(join(parent, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
const profiles = PROFILE ? mkdtempSync(join(tmpdir(), 'bench-waiting-room-profiles-')) : '';
const profileLines: string[] = [];

/** Runs `work` (`calls` calls); with BENCH_PROFILE, notes the CPU per call of each part (and the API's V8 profile). */
async function profiled<T>(name: string, calls: number, work: () => Promise<T>): Promise<T> {
  if (!PROFILE) return work();
  if (V8_PROFILES) await send('POST', '/api/bench/profile/start', { body: { survivors: false } });
  const transactions = async () => Number((await sql.query<{ n: string }>('select (xact_commit + xact_rollback)::bigint as n from pg_stat_database where datname = current_database()')).rows[0]!.n);
  const transactionsBefore = await transactions();
  const before = cpuSnapshot(api.pid, postmasterPid);
  const result = await work();
  const after = cpuSnapshot(api.pid, postmasterPid);
  const cpu = cpuPerCall(before, after, calls) as { apiMain: number; apiOther: number; postgres: number; client: number; total: number; threads: Record<string, number> };
  // PostgreSQL's statistics of a backend are flushed at most once a second
  await new Promise((r) => setTimeout(r, 1100));
  const perCall = ((await transactions()) - transactionsBefore) / calls;
  const ms = (n: number) => n.toFixed(3);
  profileLines.push(
    `${name}: CPU ms per call: API main ${ms(cpu.apiMain)}, API other threads ${ms(cpu.apiOther)} (${Object.entries(cpu.threads).map(([thread, n]) => `${thread} ${ms(n)}`).join(', ')}), ` +
      `PostgreSQL ${ms(cpu.postgres)}, client ${ms(cpu.client)}, total ${ms(cpu.total)}; PostgreSQL transactions per call ${perCall.toFixed(3)}`,
  );
  if (V8_PROFILES) {
    const { cpu: cpuProfile, heap: heapProfile } = JSON.parse((await send('POST', '/api/bench/profile/stop')).text) as { cpu: object; heap: object };
    const file = join(profiles, `${name.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`);
    writeFileSync(file, JSON.stringify(cpuProfile));
    const summary = summarizeProfile(cpuProfile) as { totalMs: number; places: string[]; functions: string[] };
    const heap = summarizeHeapProfile(heapProfile) as { totalBytes: number; places: string[]; functions: string[] };
    const lines = (list: string[]) => list.map((l) => `    ${l}`).join('\n');
    profileLines.push(
      `  API main thread CPU profile (${file}, ${summary.totalMs.toFixed(0)} ms sampled), self time by place:\n${lines(summary.places)}\n  by function:\n${lines(summary.functions)}\n` +
        `  allocated on the main thread (sampled): ${(heap.totalBytes / calls / 1024).toFixed(1)} KiB per call, by place:\n${lines(heap.places)}`,
    );
  }
  return result;
}
const problems: string[] = [];
let exitCode = 0;
try {
  await whenHealthy(api, send);
  await sql.connect();
  // the opening is set from the moment the arrivals start (a little time for the import first)
  const arrivalsStart = Date.now() + 10_000;
  const opensAt = new Date(Math.ceil((arrivalsStart + OPEN_AFTER_SECONDS * 1000) / 1000) * 1000);
  const catalog = join(parent, 'waiting-room.catalog.yaml');
  writeFileSync(
    catalog,
    `organizers:
  - { slug: bench-queue, name: Bench Queue, email: queue@bench.example }
events:
  - shortName: ${EVENT}
    organizer: bench-queue
    title: { en: "Queue rush" }
    location: Loopback hall
    start: 2031-06-01T20:00
    end: 2031-06-01T22:00
    timeZone: UTC
    currency: CHF
    contentLanguages: [en]
    displayTicketsLeft: true
    waitingRoom: { opensAt: ${opensAt.toISOString().slice(0, 19)}, admissionsPerMinute: ${RATE}, tokenValidityMinutes: 10 }
    capacities: [{ key: hall, size: ${SEATS} }]
    categories: [{ key: seat, name: { en: Seat }, price: 0, capacity: hall, maxPerReservation: 1 }]
`,
  );
  importCatalog(DIST, catalog, database.url);
  // the API's read models follow the import
  let categories = await send('GET', `/api/v2/public/event/${EVENT}/ticket-categories`);
  for (let i = 0; categories.status !== 200 && i < 300; i++) {
    await new Promise((r) => setTimeout(r, 100));
    categories = await send('GET', `/api/v2/public/event/${EVENT}/ticket-categories`);
  }
  const categoryId = (JSON.parse(categories.text) as { ticketCategories: { id: number }[] }).ticketCategories[0]!.id;
  await new Promise((r) => setTimeout(r, Math.max(0, arrivalsStart - Date.now())));

  // ---- the line's length, sampled from the opening on: the rate is measured while someone waited
  const samples: { at: number; waiting: number }[] = [];
  let sampling = true;
  const sampler = (async () => {
    const watcher = new pg.Client({ connectionString: database.url });
    await watcher.connect();
    while (sampling) {
      if (Date.now() >= opensAt.getTime()) {
        const { rows } = await watcher.query<{ waiting: number }>(
          `select (select count(*)::int from queue_tickets where event_short_name = $1) - admitted_through as waiting from queue_rooms where event_short_name = $1`,
          [EVENT],
        );
        if (rows[0]) samples.push({ at: Date.now(), waiting: rows[0].waiting });
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    await watcher.end();
  })();

  // ---- arrivals: a session (first GET), then the join, spread evenly over ARRIVAL_SECONDS
  const sessions: { session: string; xsrf: string }[] = new Array(ARRIVALS);
  let joinedBeforeOpening = 0;
  const joins = await profiled('arrivals (session GET + join POST)', ARRIVALS, () => phase(
    ARRIVALS,
    async (i) => {
      const first = await send('GET', `/api/v2/public/event/${EVENT}/waiting-room`);
      sessions[i] = { session: header(first, 'x-auth-token'), xsrf: header(first, 'xsrf-token') };
      const joined = await send('POST', `/api/v2/public/event/${EVENT}/waiting-room`, { headers: { 'x-auth-token': sessions[i]!.session, 'x-csrf-token': sessions[i]!.xsrf } });
      if (Date.now() < opensAt.getTime()) joinedBeforeOpening++;
      return joined;
    },
    (i) => (i * ARRIVAL_SECONDS * 1000) / ARRIVALS,
  ));
  const arrivalWindow = joins.seconds;

  // ---- the room opens and places everyone; then every visitor asks for its status once, and the no-op as often
  while (Date.now() < opensAt.getTime() + 1_000) await new Promise((r) => setTimeout(r, 100));
  for (;;) {
    const { rows } = await sql.query<{ n: number }>('select count(*)::int as n from queue_tickets where event_short_name = $1 and position is null', [EVENT]);
    if (rows[0]!.n === 0) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const positionOf = new Map<string, number>();
  const status = await profiled('status', ARRIVALS, () => phase(ARRIVALS, async (i) => {
    const answer = await send('GET', `/api/v2/public/event/${EVENT}/waiting-room`, { headers: { 'x-auth-token': sessions[i]!.session } });
    const body = JSON.parse(answer.text) as { position: number | null };
    if (body.position !== null) positionOf.set(sessions[i]!.session, body.position);
    return answer;
  }));
  const noop = await profiled('no-op', ARRIVALS, () => phase(ARRIVALS, () => send('POST', '/api/bench/noop')));

  // ---- the front of the line: each polls until admitted, then reserves one seat with its token
  const byPosition = [...positionOf.entries()].sort((a, b) => a[1] - b[1]).slice(0, BUYERS);
  const xsrfOf = new Map(sessions.map((s) => [s.session, s.xsrf]));
  let sold = 0;
  let soldOut = 0;
  let otherReserve = 0;
  let polls = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, 64) }, async (_, w) => {
      for (let k = w; k < byPosition.length; k += Math.min(CONCURRENCY, 64)) {
        const [session] = byPosition[k]!;
        const headers = { 'x-auth-token': session, 'x-csrf-token': xsrfOf.get(session)! };
        let token: string | null = null;
        while (token === null) {
          polls++;
          const body = JSON.parse((await send('GET', `/api/v2/public/event/${EVENT}/waiting-room`, { headers })).text) as { state: string; token: string | null; pollAfterSeconds: number };
          if (body.state === 'ADMITTED') token = body.token;
          else await new Promise((r) => setTimeout(r, 200));
        }
        const reserved = await send('POST', `/api/v2/public/event/${EVENT}/reserve-tickets?lang=en`, {
          headers: { ...headers, 'alfio-queue-token': token! },
          body: { reservation: [{ ticketCategoryId: categoryId, amount: 1 }] },
        });
        if (reserved.status === 200) sold++;
        else if (reserved.status === 422) soldOut++;
        else otherReserve++;
      }
    }),
  );
  // a script without a token is refused
  const skipper = sessions[ARRIVALS - 1]!;
  const refused = await send('POST', `/api/v2/public/event/${EVENT}/reserve-tickets?lang=en`, {
    headers: { 'x-auth-token': skipper.session, 'x-csrf-token': skipper.xsrf },
    body: { reservation: [{ ticketCategoryId: categoryId, amount: 1 }] },
  });

  sampling = false;
  await sampler;

  // ---- what the room recorded: the admissions' rate, the draw's replay, the order of admissions
  const room = (await sql.query<{ draw_seed: string; drawn_count: number; admitted_through: number }>('select draw_seed, drawn_count, admitted_through from queue_rooms where event_short_name = $1', [EVENT])).rows[0]!;
  const admissions = (await sql.query<{ from_position: number; to_position: number; admitted_at: Date }>('select from_position, to_position, admitted_at from queue_admissions where event_short_name = $1 order by to_position', [EVENT])).rows;
  const first = admissions[0]!;
  // the window: from the first admission to the last one before the line was first seen empty (if it ever was)
  const emptied = samples.find((x) => x.at > first.admitted_at.getTime() && x.waiting <= 0)?.at ?? Infinity;
  const inWindow = admissions.filter((a) => a.admitted_at.getTime() < emptied);
  const last = inWindow.at(-1)!;
  const windowMinutes = (last.admitted_at.getTime() - first.admitted_at.getTime()) / 60_000;
  const measuredRate = (last.to_position - first.to_position) / windowMinutes;
  const ordered = admissions.every((a, i) => i === 0 || (a.from_position === admissions[i - 1]!.to_position + 1 && a.admitted_at >= admissions[i - 1]!.admitted_at));
  const early = (await sql.query<{ session_digest: string; position: number }>('select session_digest, position from queue_tickets where event_short_name = $1 and before_opening order by arrival', [EVENT])).rows;
  const replay = drawOrder(
    early.map((r) => r.session_digest),
    room.draw_seed,
  );
  const drawnByPosition = [...early].sort((a, b) => a.position - b.position).map((r) => r.session_digest);
  const drawMatches = replay.length === drawnByPosition.length && replay.every((d, i) => d === drawnByPosition[i]) && early.every((r) => r.position <= room.drawn_count);
  // the buyers' own view: the first pre-opening arrivals' places came from the draw, not their arrival order
  const frontDigests = new Set(byPosition.slice(0, 100).map(([s]) => digest(s)));
  const frontFromDraw = replay.slice(0, 100).every((d) => frontDigests.has(d));
  const seatsLeft = (JSON.parse((await send('GET', `/api/v2/public/event/${EVENT}/ticket-categories`)).text) as { ticketCategories: { availableTickets: number | null }[] }).ticketCategories[0]!.availableTickets;
  const { rows: load } = await sql.query<{ n: number }>('select count(*)::int as n from queue_tickets where event_short_name = $1', [EVENT]);

  process.stdout.write(
    `\nWaiting room: ${ARRIVALS} arrivals planned over ${ARRIVAL_SECONDS} s (${load[0]!.n} joined, ${joinedBeforeOpening} before the opening), ${SEATS} seats, ` +
      `${CONCURRENCY} keep-alive connections (${NODE_HTTP ? 'node:http client' : 'lean client'}), loopback, one API process (prod mode, RATE_LIMITS=off, admission step every ${TICK_MS} ms)\n\n`,
  );
  const rows: string[][] = [
    ['figure', 'value'],
    ['arrivals (session GET + join POST) took', `${fixed(arrivalWindow, 1)} s`],
    ['joins/s', fixed(ARRIVALS / arrivalWindow)],
    ['join answers', [...joins.statuses].map(([s, n]) => `${n}x ${s}`).join(', ')],
    ['status call p50 / p99 ms (one per visitor)', `${fixed(status.p50, 2)} / ${fixed(status.p99, 2)} (${fixed(status.perSecond)} calls/s)`],
    ['no-op POST p50 / p99 ms (same count)', `${fixed(noop.p50, 2)} / ${fixed(noop.p99, 2)} (${fixed(noop.perSecond)} calls/s)`],
    ['status ÷ no-op, p50 / p99 / calls/s', `${fixed(status.p50 / noop.p50, 2)}x / ${fixed(status.p99 / noop.p99, 2)}x / ${fixed(status.perSecond / noop.perSecond, 2)}x`],
    ['admissions per minute, recorded / configured', `${fixed(measuredRate)} / ${RATE} (${fixed((measuredRate / RATE - 1) * 100, 2)} % over ${fixed(windowMinutes * 60, 1)} s, ${inWindow.length} steps; line ${Number.isFinite(emptied) ? 'emptied' : 'never empty'}, longest ${Math.max(0, ...samples.map((x) => x.waiting))})`],
    ['buyers at the front: polls, reserved, sold out, other', `${polls}, ${sold}, ${soldOut}, ${otherReserve}`],
    ['seats sold / left', `${sold} / ${seatsLeft}`],
    ['drawn (pre-opening) / replay of the seed equals the places', `${room.drawn_count} / ${drawMatches}`],
    ['admissions in place order, contiguous', String(ordered)],
    ['reserve without a token', `${refused.status} ${header(refused, 'alfio-queue-token-missing')}`],
  ];
  for (const row of rows) process.stdout.write(`| ${row.join(' | ')} |\n${row === rows[0] ? '|---|---|\n' : ''}`);
  if (profileLines.length > 0) process.stdout.write(`\n${profileLines.join('\n')}\n`);

  if (Math.abs(measuredRate / RATE - 1) > 0.05) problems.push(`admissions ${fixed(measuredRate)}/min, not within 5 % of ${RATE}`);
  if (sold !== SEATS || seatsLeft !== 0) problems.push(`${sold} seats sold (${seatsLeft} left), not exactly ${SEATS}`);
  if (!drawMatches) problems.push('the pre-opening places are not the replay of the recorded seed');
  if (!ordered) problems.push('admissions are not contiguous in place order');
  if (!frontFromDraw && room.drawn_count >= 100) problems.push('the first 100 places are not the first 100 of the draw');
  if (refused.status !== 403 || header(refused, 'alfio-queue-token-missing') !== 'waiting-room') problems.push('a reserve without a token was not refused 403 with the queue header');
  if ((joins.statuses.get(200) ?? 0) !== ARRIVALS) problems.push('not every join answered 200');
  if ((status.statuses.get(200) ?? 0) !== ARRIVALS) problems.push('not every status call answered 200');
  if (problems.length > 0) {
    exitCode = 1;
    process.stdout.write(`\nFAILED:\n${problems.map((p) => `- ${p}`).join('\n')}\n`);
  } else {
    process.stdout.write(`\nOK: rate within 5 %, exactly ${SEATS} seats sold, the draw replays, admissions in place order.\n`);
  }
} catch (error) {
  exitCode = 1;
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
} finally {
  lean.close();
  await stopBenchApp({ agent, sql, api, database });
  // the data folder went with the ephemeral database; its parent was this run's
  rmSync(parent, { recursive: true, force: true });
}
process.exit(exitCode);
