#!/usr/bin/env node
// The on-sale rush: many buyers at once against 1,000 seats, through the real reserve endpoint, beside two
// reference points served by the same process (BENCH_ROUTES=1): alf.io's way of holding seats (one row per
// seat, FOR UPDATE SKIP LOCKED) and a no-op POST (the HTTP ceiling). Loopback only, bounded in count and time.
//   node bench/rush/run.mjs        (after `npm run build`)
// Env: BENCH_BUYERS [10000], BENCH_CONCURRENCY [64], BENCH_SESSIONS [200], BENCH_PHASE_SECONDS [60], BENCH_ROUNDS [3]
//      (every run that many times, round by round; the ratios are the rounds' median),
//      BENCH_DIST [dist/api] (the built API to run), BENCH_RUNS [single,refused,pair,locked1,locked2,noop] (which runs;
//      refused: the same calls again on the event `single` sold out, every one a sold-out refusal),
//      BENCH_PROFILE [off] (cpu: CPU ms per call of the API's main thread, its other threads, PostgreSQL and this
//      client, from /proc; 1: that, and the main thread's V8 CPU and allocation profiles of each run, summed up, the
//      files in a temp folder (sampling slows the API: compare profiled runs with profiled runs); survivors: the
//      same with only the allocations that outlived a young-generation collection),
//      BENCH_API_NODE_ARGS [] (node options of the API process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`: every
//      thread's profile over the whole process life, the projection thread's included),
//      BENCH_STATEMENTS [off] (1: pg_stat_statements preloaded, and per run the 12 statements that took the most of
//      PostgreSQL's time, from the run's first call to its read-back).
// Exit code 1 when a run sold anything but exactly 1,000 seats, answered any 5xx, lost a request, or answered
// something else than success / sold out. Timings are printed, never asserted.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { freePort, importCatalog, loopbackSender, positive, stopBenchApp, whenHealthy } from '../shared/loopback.mjs';
import { cpuPerCall, cpuSnapshot, summarizeHeapProfile, summarizeProfile } from './profile.mjs';

const BUYERS = positive('BENCH_BUYERS', 10_000);
const CONCURRENCY = positive('BENCH_CONCURRENCY', 64);
const SESSIONS = positive('BENCH_SESSIONS', 200);
const PHASE_SECONDS = positive('BENCH_PHASE_SECONDS', 60);
const DIST = resolve(process.env.BENCH_DIST ?? 'dist/api');
const ROUNDS = positive('BENCH_ROUNDS', 3);
if (ROUNDS > 3) throw new Error('BENCH_ROUNDS is at most 3 (rush.catalog.yaml has three events of each kind)');
const RUNS = new Set((process.env.BENCH_RUNS ?? 'single,refused,pair,locked1,locked2,noop').split(','));
const PROFILE = ['1', 'cpu', 'survivors'].includes(process.env.BENCH_PROFILE ?? '');
const V8_PROFILES = PROFILE && process.env.BENCH_PROFILE !== 'cpu';
/** pg_stat_statements preloaded; per run, the statements that took the most of PostgreSQL's time. */
const STATEMENTS = process.env.BENCH_STATEMENTS === '1';
const WARMUP_HOLDS = 5_000; // rush-warmup's capacity in rush.catalog.yaml
const WARMUP = Math.min(WARMUP_HOLDS + 1_000, BUYERS);
/**
 * Then a sale on each of these events (1,000 seats each) and as many refusals: each measured run is on an event the
 * API has not seen, and until it had seen a few, V8 deoptimized the reserve path on each new event and compiled it
 * again during the sale (bench/rush README, session 23). Since session 24 the API's V8 option removes the cause (arrays
 * of two kinds from one `map`); the warm-up is kept so that figures stay comparable with the sessions before.
 */
const WARMUP_SALES = [
  { event: 'rush-warmup-pair', seats: 2 },
  { event: 'rush-warmup-single', seats: 1 },
  { event: 'rush-warmup-pair-2', seats: 2 },
];
const SEATS = 1_000; // the capacity of every event in rush.catalog.yaml, and the SKIP LOCKED table's size
const REQUEST_TIMEOUT_MS = 30_000;
const CATALOG = 'bench/rush/rush.catalog.yaml';
const SOLD_OUT = new Set(['error.STEP_1_NOT_ENOUGH_TICKETS', 'error.STEP_1_TICKET_CATEGORY_MUST_BE_SALEABLE']);



// ---- HTTP: one keep-alive agent with exactly CONCURRENCY sockets; every request is accounted for on its own.
let port = 0;
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY, maxFreeSockets: CONCURRENCY });

const send = loopbackSender(agent, () => port, REQUEST_TIMEOUT_MS);

function json(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** success: a hold / reservation / no-op answer; soldOut: 422 with a sold-out code; anything else is `other`. */
function classify(response) {
  const body = json(response.text);
  if (response.status === 200 && body?.success === true && typeof body.value === 'string') return 'success';
  if (response.status === 422 && SOLD_OUT.has(body?.validationErrors?.[0]?.code)) return 'soldOut';
  if (response.status >= 500) return 'serverError';
  return 'other';
}

/**
 * `count` calls, at most CONCURRENCY in flight (each worker sends its next call when its previous one is
 * answered), stopped at PHASE_SECONDS. Elapsed time: from the first call sent to the last answer received.
 */
async function phase(count, call, { soldOutAfter = Infinity, onSoldOut = () => undefined } = {}) {
  const latencies = new Float64Array(count);
  const tally = { success: 0, soldOut: 0, serverError: 0, other: 0, failed: 0 };
  const samples = new Map(); // a few unexpected answers, for the report
  let next = 0;
  let answered = 0;
  let lastSuccess = 0;
  let timedOut = false;
  const started = performance.now();
  const deadline = started + PHASE_SECONDS * 1000;
  async function worker() {
    for (;;) {
      if (performance.now() > deadline) {
        timedOut = next < count;
        return;
      }
      const i = next++;
      if (i >= count) return;
      const sent = performance.now();
      try {
        const response = await call(i);
        const now = performance.now();
        latencies[answered++] = now - sent;
        const kind = classify(response);
        tally[kind]++;
        if (kind === 'success') {
          lastSuccess = now - started;
          if (tally.success === soldOutAfter) onSoldOut(answered);
        }
        if (kind === 'other' || kind === 'serverError') samples.set(`${response.status} ${response.text.slice(0, 160)}`, true);
      } catch (error) {
        tally.failed++;
        samples.set(`request failed: ${error instanceof Error ? error.message : String(error)}`, true);
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  const sorted = latencies.slice(0, answered).sort();
  const percentile = (p) => (answered === 0 ? NaN : sorted[Math.min(answered - 1, Math.ceil((p / 100) * answered) - 1)]);
  return {
    attempts: next > count ? count : next,
    seconds,
    ...tally,
    lastSuccess: lastSuccess / 1000,
    p50: percentile(50),
    p99: percentile(99),
    timedOut,
    samples: [...samples.keys()].slice(0, 5),
  };
}

// ---- the system under test
const { startEmbeddedPostgres } = await import(join(DIST, 'embedded-postgres.js'));
const parent = mkdtempSync(join(tmpdir(), 'bench-rush-'));
chmodSync(parent, 0o755);
const database = await startEmbeddedPostgres({
  dataDir: join(parent, 'pg'),
  database: 'bench',
  ephemeral: true,
  settings: STATEMENTS ? { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track': 'all' } : {},
});
port = await freePort();
const apiNodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
const api = spawn(process.execPath, [...apiNodeArgs, join(DIST, 'main.js')], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: database.url, LOG_LEVEL: 'error', APP_MODE: 'prod', BENCH_ROUTES: '1', RATE_LIMITS: 'off' },
});
const sql = new pg.Client({ connectionString: database.url });
// the bench's own PostgreSQL: its postmaster's pid is the first line of postmaster.pid
const postmasterPid = Number(readFileSync(join(parent, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
let exitCode = 0;
try {
  await whenHealthy(api, send);
  importCatalog(DIST, CATALOG, database.url);
  await sql.connect();
  if (STATEMENTS) await sql.query('create extension if not exists pg_stat_statements');

  /** The category of an event once the read side shows it, and its availableTickets (null when not shown). */
  async function category(event) {
    const response = await send('GET', `/api/v2/public/event/${event}/ticket-categories`);
    const first = response.status === 200 ? json(response.text)?.ticketCategories?.[0] : undefined;
    return first ? { id: first.id, available: typeof first.availableTickets === 'number' ? first.availableTickets : null } : undefined;
  }
  async function waitFor(what, probe, seconds) {
    const deadline = Date.now() + seconds * 1000;
    for (;;) {
      const value = await probe();
      if (value.done) return value;
      if (Date.now() > deadline) return { ...value, late: what };
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const categories = {};
  const rounds = Array.from({ length: ROUNDS }, (_, i) => i + 1);
  for (const event of ['rush-warmup', ...WARMUP_SALES.map((w) => w.event), ...rounds.flatMap((n) => [`rush-single-${n}`, `rush-pair-${n}`])]) {
    const found = await waitFor(`${event} to be readable`, async () => {
      const c = await category(event);
      return { done: c !== undefined, c };
    }, 30);
    if (!found.c) throw new Error(`${event} did not show up in the public API within 30 s of the import`);
    categories[event] = found.c.id;
  }

  // A session is the header pair a first GET hands out (reference 1.4); buyers share them round-robin.
  const sessions = [];
  for (let i = 0; i < SESSIONS; i++) {
    const r = await send('GET', '/api/v2/public/i18n/languages');
    const token = r.headers['x-auth-token'];
    const xsrf = r.headers['xsrf-token'];
    if (r.status !== 200 || typeof token !== 'string' || typeof xsrf !== 'string') throw new Error(`opening a session answered ${r.status} without the token pair`);
    sessions.push({ 'x-auth-token': token, 'x-csrf-token': xsrf });
  }

  const reserve = (event, amount) => (i) =>
    send('POST', `/api/v2/public/event/${event}/reserve-tickets?lang=en`, {
      headers: sessions[i % sessions.length],
      body: { reservation: [{ ticketCategoryId: categories[event], amount }], additionalService: [] },
    });
  const hold = (quantity) => () => send('POST', '/api/bench/skip-locked/hold', { body: { quantity } });
  // Same body as a reserve call, so that the ceiling parses as much JSON.
  const noop = () => send('POST', '/api/bench/noop', { body: { reservation: [{ ticketCategoryId: 1, amount: 1 }], additionalService: [] } });
  async function setupSeats(seats = SEATS) {
    const r = await send('POST', '/api/bench/skip-locked/setup', { body: { seats } });
    if (r.status !== 200) throw new Error(`skip-locked/setup answered ${r.status}: ${r.text}`);
  }

  /** Seats the read side shows as taken once it caught up with `expected` (null: availableTickets not shown). */
  async function readBackSold(event, expected) {
    const seen = await waitFor(`${event} availability`, async () => {
      const c = await category(event);
      const sold = c && c.available !== null ? SEATS - c.available : null;
      return { done: sold === null || sold === expected, sold };
    }, 15);
    return seen.sold ?? null;
  }
  /** Transactions committed or rolled back in the bench's database so far (pg_stat_database; this query's own included). */
  async function transactions() {
    const r = await sql.query('select (xact_commit + xact_rollback)::bigint as n from pg_stat_database where datname = current_database()');
    return Number(r.rows[0].n);
  }
  /** The statements that took the most of PostgreSQL's time since the last reset, one line each. */
  async function topStatements() {
    const { rows } = await sql.query(
      `select calls, rows, total_exec_time as ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) as query
       from pg_stat_statements where query not like '%pg_stat_statements%' order by total_exec_time desc limit 12`,
    );
    const lines = rows.map((r) => `    ${r.ms.toFixed(1).padStart(8)} ms ${String(r.calls).padStart(6)} calls ${String(r.rows).padStart(7)} rows  ${r.query}`);
    return `  PostgreSQL time by statement (pg_stat_statements, the run and the read-back):\n${lines.join('\n')}\n`;
  }
  async function tableSold() {
    const r = await sql.query('select count(*)::int as n from bench_seats where reservation_id is not null');
    return r.rows[0].n;
  }

  // ---- warm-up, not measured: every path once hot (JIT, pools, caches) before anything is timed.
  process.stdout.write(`warming up (${WARMUP} calls per route)...\n`);
  await phase(WARMUP, noop);
  const sales = [await phase(WARMUP, reserve('rush-warmup', 1))];
  await setupSeats(WARMUP_HOLDS);
  await phase(WARMUP, hold(1));
  for (const { event, seats } of WARMUP_SALES) sales.push(await phase(Math.min(2 * (SEATS / seats), BUYERS), reserve(event, seats)));
  const unsold = sales.find((sale) => sale.success === 0);
  if (unsold) process.stdout.write(`warning: no reserve call succeeded in a warm-up sale (${unsold.samples.join(' | ') || 'no answer'})\n`);

  // ---- measured runs
  const runs = [];
  const profiles = V8_PROFILES ? mkdtempSync(join(tmpdir(), 'bench-rush-profiles-')) : '';
  async function measure(key, round, title, seatsPerBuyer, count, call, sold) {
    if (!RUNS.has(key)) return;
    const name = ROUNDS > 1 ? `${title} (round ${round})` : title;
    process.stdout.write(`${name}: ${count} calls, ${CONCURRENCY} in flight...\n`);
    if (V8_PROFILES) await send('POST', '/api/bench/profile/start', { body: { survivors: process.env.BENCH_PROFILE === 'survivors' } });
    const transactionsBefore = PROFILE ? await transactions() : 0;
    const before = PROFILE ? cpuSnapshot(api.pid, postmasterPid) : undefined;
    // the sale: from the first call to the success that took the last seat (the calls still in flight then
    // are holds refused at the very end, a handful)
    let atSoldOut;
    let answeredAtSoldOut = 0;
    const sale =
      PROFILE && seatsPerBuyer > 0
        ? {
            soldOutAfter: SEATS / seatsPerBuyer,
            onSoldOut: (answered) => {
              atSoldOut = cpuSnapshot(api.pid, postmasterPid);
              answeredAtSoldOut = answered;
            },
          }
        : {};
    if (STATEMENTS) await sql.query('select pg_stat_statements_reset()');
    const result = await phase(count, call, sale);
    const after = PROFILE ? cpuSnapshot(api.pid, postmasterPid) : undefined;
    const answered = result.success + result.soldOut + result.other + result.serverError;
    const cpu = PROFILE ? cpuPerCall(before, after, answered) : undefined;
    const cpuPerHold = atSoldOut ? cpuPerCall(before, atSoldOut, result.success) : undefined;
    // PostgreSQL's statistics of a backend are flushed at most once a second: wait for them (approximate)
    const transactionsPerCall = PROFILE ? await new Promise((r) => setTimeout(r, 1100)).then(transactions).then((n) => (n - transactionsBefore) / answered) : undefined;
    // after the last seat: refusals only (the few calls in flight at that moment included)
    const cpuPerRefusal = atSoldOut && answered > answeredAtSoldOut ? cpuPerCall(atSoldOut, after, answered - answeredAtSoldOut) : undefined;
    const ms = (n) => n.toFixed(3);
    const byThread = (part) => Object.entries(part.threads).map(([name, n]) => `${name} ${ms(n)}`).join(', ');
    if (PROFILE && !V8_PROFILES) {
      process.stdout.write(
        `  CPU ms per answered call: API main ${ms(cpu.apiMain)}, API other threads ${ms(cpu.apiOther)} (${byThread(cpu)}), ` +
          `PostgreSQL ${ms(cpu.postgres)}, client ${ms(cpu.client)}, total ${ms(cpu.total)}; PostgreSQL transactions per call ${transactionsPerCall.toFixed(3)}\n`,
      );
      if (cpuPerHold) {
        // the main thread's share of the sale's wall time: near 100 % it is what limits the rate
        const busy = (100 * cpuPerHold.apiMain * result.success) / (result.lastSuccess * 1000);
        process.stdout.write(
          `  until the sell-out (${result.lastSuccess.toFixed(2)} s), per success: API main ${ms(cpuPerHold.apiMain)} (busy ${busy.toFixed(0)} % of the sale), ` +
            `API other threads ${ms(cpuPerHold.apiOther)} (${byThread(cpuPerHold)}), PostgreSQL ${ms(cpuPerHold.postgres)}, client ${ms(cpuPerHold.client)}, total ${ms(cpuPerHold.total)}\n`,
        );
      }
      if (cpuPerRefusal) {
        process.stdout.write(
          `  after the sell-out: API main ${ms(cpuPerRefusal.apiMain)}, API other threads ${ms(cpuPerRefusal.apiOther)}, PostgreSQL ${ms(cpuPerRefusal.postgres)}, client ${ms(cpuPerRefusal.client)}, total ${ms(cpuPerRefusal.total)}\n`,
        );
      }
    }
    if (V8_PROFILES) {
      const calls = result.success + result.soldOut + result.other + result.serverError;
      const { cpu: cpuProfile, heap: heapProfile } = json((await send('POST', '/api/bench/profile/stop')).text);
      const file = join(profiles, `${key}-${round}.cpuprofile`);
      writeFileSync(file, JSON.stringify(cpuProfile));
      writeFileSync(join(profiles, `${key}-${round}.heapprofile`), JSON.stringify(heapProfile));
      const summary = summarizeProfile(cpuProfile);
      const heap = summarizeHeapProfile(heapProfile);
      const lines = (list) => list.map((l) => `    ${l}`).join('\n');
      process.stdout.write(
        `  CPU ms per answered call: API main ${ms(cpu.apiMain)}, API other threads ${ms(cpu.apiOther)} (${byThread(cpu)}), ` +
          `PostgreSQL ${ms(cpu.postgres)}, client ${ms(cpu.client)}, total ${ms(cpu.total)}\n` +
          `  main thread CPU profile (${file}, ${summary.totalMs.toFixed(0)} ms sampled), self time by place:\n${lines(summary.places)}\n  by function:\n${lines(summary.functions)}\n` +
          `  ${process.env.BENCH_PROFILE === 'survivors' ? 'allocated and outliving a young-generation GC' : 'allocated'} on the main thread (sampled): ${(heap.totalBytes / calls / 1024).toFixed(1)} KiB per call, by place:\n${lines(heap.places)}\n  by function:\n${lines(heap.functions)}\n`,
      );
    }
    const counted = result.success * seatsPerBuyer;
    const observed = sold ? await sold(counted) : null;
    // after the read-back, which waited for the projection thread to catch up with the run
    if (STATEMENTS) process.stdout.write(await topStatements());
    runs.push({ key, round, name, seatsPerBuyer, counted, observed, cpu, cpuPerHold, cpuPerRefusal, ...result });
  }
  /**
   * Refusals and no-ops in alternating slices of `slice` calls (A B B A, `pairs` times), each slice's CPU from
   * /proc: whatever else the machine does meanwhile (autovacuum after a sale, the projection thread catching up,
   * another tenant) falls on both alike, where the separate runs of a round are minutes apart.
   */
  const interleaved = [];
  async function measureInterleaved(round, refusal, pairs = 6, slice = 2_500) {
    if (!PROFILE || !RUNS.has('refused') || !RUNS.has('noop')) return;
    process.stdout.write(`refusals and no-ops in alternating slices (round ${round}): ${2 * pairs} slices of ${slice} calls each...\n`);
    const sums = { refusal: { ms: 0, calls: 0, slices: [] }, noop: { ms: 0, calls: 0, slices: [] } };
    for (let i = 0; i < 2 * pairs; i++) {
      const kind = i % 4 === 0 || i % 4 === 3 ? 'refusal' : 'noop';
      const before = cpuSnapshot(api.pid, postmasterPid);
      const result = await phase(slice, kind === 'refusal' ? refusal : noop);
      const after = cpuSnapshot(api.pid, postmasterPid);
      const answered = result.success + result.soldOut + result.other + result.serverError;
      if (kind === 'refusal' && result.success > 0) throw new Error(`round ${round}: ${result.success} holds on a sold-out event`);
      if (result.serverError + result.other + result.failed > 0) throw new Error(`round ${round}, ${kind} slice: ${result.samples.join(' | ')}`);
      const cpu = cpuPerCall(before, after, answered);
      sums[kind].ms += cpu.total * answered;
      sums[kind].calls += answered;
      sums[kind].slices.push(cpu.total);
    }
    const perCall = (kind) => sums[kind].ms / sums[kind].calls;
    const slices = (kind) => sums[kind].slices.map((n) => n.toFixed(3)).join(', ');
    process.stdout.write(`  CPU ms per call: refusal ${perCall('refusal').toFixed(3)} (slices ${slices('refusal')}), no-op ${perCall('noop').toFixed(3)} (slices ${slices('noop')})\n`);
    interleaved.push({ round, ratio: perCall('refusal') / perCall('noop') });
  }
  // Rounds of every run, one after the other: the machine's drift over a few minutes touches every run alike.
  for (const round of rounds) {
    const single = `rush-single-${round}`;
    const pair = `rush-pair-${round}`;
    await measure('single', round, 'reserve-tickets, 1 seat per buyer', 1, BUYERS, reserve(single, 1), (n) => readBackSold(single, n));
    // a second for the projection thread to catch up with the sale (its work is the holds', not the refusals')
    if (RUNS.has('single') && RUNS.has('refused')) await new Promise((r) => setTimeout(r, 1000));
    if (RUNS.has('single')) await measure('refused', round, 'reserve-tickets after the sell-out (refusals only)', 0, BUYERS, reserve(single, 1), null);
    if (RUNS.has('single')) await measureInterleaved(round, reserve(single, 1));
    await measure('pair', round, 'reserve-tickets, 2 seats per buyer', 2, BUYERS, reserve(pair, 2), (n) => readBackSold(pair, n));
    if (RUNS.has('locked1')) await setupSeats();
    await measure('locked1', round, 'SKIP LOCKED baseline, 1 seat per buyer', 1, BUYERS, hold(1), () => tableSold());
    if (RUNS.has('locked2')) await setupSeats();
    await measure('locked2', round, 'SKIP LOCKED baseline, 2 seats per buyer', 2, BUYERS, hold(2), () => tableSold());
    await measure('noop', round, 'no-op POST (HTTP ceiling)', 0, BUYERS, noop, null);
  }

  // ---- report
  const fixed = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
  const rate = (n, seconds) => n / seconds;
  process.stdout.write(
    `\nRush: ${BUYERS} buyers per run, ${CONCURRENCY} keep-alive connections, ${SESSIONS} sessions, ${SEATS} seats, ` +
      `time limit ${PHASE_SECONDS} s per run, loopback, one API process (prod mode, RATE_LIMITS=off)\n` +
      'attempts/s = answered calls / run seconds (run = first call sent to last answer, sold-out answers included); ' +
      'holds/s = successful holds / sold-out-at seconds (the rate seats were taken while there were seats left); ' +
      'sold out at = seconds from the start of the run to the last success; ' +
      'seats sold = successes x seats per buyer / what ticket-categories (availableTickets) or the bench_seats table shows.\n\n',
  );
  const rows = [['run', 'attempts', 'attempts/s', 'successes', 'holds/s', 'sold out at s', 'p50 ms', 'p99 ms', 'seats sold (answers / read back)', '5xx', 'other', ...(PROFILE ? ['CPU ms per call', 'CPU ms per success until sold out', 'CPU ms per call after sold out'] : [])]];
  const problems = [];
  for (const r of runs) {
    const isNoop = r.seatsPerBuyer === 0;
    if (r.key === 'refused' && r.success > 0) problems.push(`${r.name}: ${r.success} holds on a sold-out event`);
    const seats = isNoop ? '-' : `${r.counted} / ${r.observed ?? 'n/a'}`;
    rows.push([
      r.name,
      `${r.attempts}${r.timedOut ? ' (time limit)' : ''}`,
      fixed(rate(r.success + r.soldOut + r.other + r.serverError, r.seconds)),
      String(r.success),
      isNoop ? '-' : fixed(rate(r.success, r.lastSuccess)),
      isNoop ? '-' : fixed(r.lastSuccess, 2),
      fixed(r.p50, 1),
      fixed(r.p99, 1),
      seats,
      String(r.serverError),
      String(r.other + r.failed),
      ...(PROFILE ? [fixed(r.cpu.total, 3), r.cpuPerHold ? fixed(r.cpuPerHold.total, 3) : '-', r.cpuPerRefusal ? fixed(r.cpuPerRefusal.total, 3) : '-'] : []),
    ]);
    if (!isNoop && r.counted !== SEATS) problems.push(`${r.name}: ${r.counted > SEATS ? 'OVERSOLD' : 'undersold'}, ${r.counted} of ${SEATS} seats by the answers`);
    if (!isNoop && r.observed !== null && r.observed !== r.counted) problems.push(`${r.name}: the answers say ${r.counted} seats, the ${r.name.startsWith('SKIP') ? 'table' : 'read side'} says ${r.observed}`);
    if (r.serverError > 0) problems.push(`${r.name}: ${r.serverError} answers 5xx`);
    if (r.other + r.failed > 0) problems.push(`${r.name}: ${r.other} unexpected answers, ${r.failed} failed requests`);
    for (const sample of r.samples) problems.push(`  e.g. ${sample}`);
  }
  for (const row of rows) process.stdout.write(`| ${row.join(' | ')} |\n${row === rows[0] ? `|${row.map(() => '---').join('|')}|\n` : ''}`);

  const run = (key, round) => runs.find((r) => r.key === key && r.round === round);
  const attemptsPerSecond = (r) => rate(r.success + r.soldOut + r.other + r.serverError, r.seconds);
  const holdsPerSecond = (r) => rate(r.success, r.lastSuccess);
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  // [name, run a, run b, figure, target, 'min' (a/b at least target) | 'max' (at most)]
  const p99 = (r) => r.p99;
  const refusalCpu = (r) => r.cpuPerRefusal?.total ?? NaN;
  const callCpu = (r) => r.cpu?.total ?? NaN;
  const ratios = [
    ['reserve holds/s ÷ SKIP LOCKED holds/s, 1 seat', 'single', 'locked1', holdsPerSecond, 2, 'min'],
    ['reserve holds/s ÷ SKIP LOCKED holds/s, 2 seats', 'pair', 'locked2', holdsPerSecond, 2, 'min'],
    ['reserve p99 ÷ SKIP LOCKED p99, 1 seat', 'single', 'locked1', p99, 1, 'max'],
    ['reserve p99 ÷ SKIP LOCKED p99, 2 seats', 'pair', 'locked2', p99, 1, 'max'],
    // the whole machine's CPU per call, from the success that took the last seat to the end of the run
    ...(PROFILE
      ? [
          ['sold-out refusal CPU ÷ no-op CPU per call (separate runs)', 'refused', 'noop', callCpu, null],
          // the rest of a reserve run after its last seat: refusals, and the read models catching up with the sale
          ['CPU per call after the sell-out ÷ no-op CPU per call, 1 seat', 'single', 'noop', [refusalCpu, callCpu], null],
          ['CPU per call after the sell-out ÷ no-op CPU per call, 2 seats', 'pair', 'noop', [refusalCpu, callCpu], null],
        ]
      : []),
    // Informative: the whole run, sold-out answers included (mostly a measure of how cheap a refusal is).
    ['reserve attempts/s ÷ no-op requests/s, 1 seat', 'single', 'noop', attemptsPerSecond, null],
    ['reserve attempts/s ÷ no-op requests/s, 2 seats', 'pair', 'noop', attemptsPerSecond, null],
    ['reserve attempts/s ÷ SKIP LOCKED attempts/s, 1 seat', 'single', 'locked1', attemptsPerSecond, null],
    ['refusals/s (refusals-only run) ÷ no-op requests/s', 'refused', 'noop', attemptsPerSecond, null],
  ].filter(([, a, b]) => run(a, 1) && run(b, 1));
  if (ratios.length > 0) process.stdout.write(`\n| ratio | ${ROUNDS > 1 ? 'median (each round)' : 'value'} | target |\n|---|---|---|\n`);
  for (const [name, a, b, figures, target, bound] of ratios) {
    const [figureA, figureB] = Array.isArray(figures) ? figures : [figures, figures];
    const values = rounds.map((round) => figureA(run(a, round)) / figureB(run(b, round)));
    const value = median(values);
    const shown = ROUNDS > 1 ? `${fixed(value, 2)}x (${values.map((v) => fixed(v, 2)).join(', ')})` : `${fixed(value, 2)}x`;
    const met = Number.isFinite(value) && (bound === 'max' ? value <= target : value >= target);
    const verdict = target === null ? '-' : `${bound === 'max' ? '<=' : '>='} ${target}x ${met ? '(met)' : '(not met)'}`;
    process.stdout.write(`| ${name} | ${shown} | ${verdict} |\n`);
  }
  if (interleaved.length > 0) {
    const values = interleaved.map((r) => r.ratio);
    const value = median(values);
    process.stdout.write(
      `| sold-out refusal CPU ÷ no-op CPU per call (alternating slices) | ${fixed(value, 2)}x (${values.map((v) => fixed(v, 2)).join(', ')}) | <= 1.25x ${value <= 1.25 ? '(met)' : '(not met)'} |\n`,
    );
  }
  if (problems.length > 0) {
    exitCode = 1;
    process.stdout.write(`\nFAILED:\n${problems.map((p) => `- ${p}`).join('\n')}\n`);
  } else {
    process.stdout.write(`\nOK: every run sold exactly ${SEATS} seats, no 5xx, no unexpected answer.\n`);
  }
} catch (error) {
  exitCode = 1;
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
} finally {
  await stopBenchApp({ agent, sql, api, database });
  // the data folder went with the ephemeral database; its parent was this run's
  rmSync(parent, { recursive: true, force: true });
}
process.exit(exitCode);
