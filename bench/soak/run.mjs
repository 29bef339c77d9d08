#!/usr/bin/env node
// A bounded soak: mixed buyer traffic against the built API on loopback for a few minutes, to see errors, latency
// and memory over time rather than at a peak. Each virtual buyer loops over one of these journeys, picked by weight:
//   browse   (40 %) events list, event page, ticket categories
//   complete (25 %) reserve, read, book (validate-to-overview), confirm (free, or paid at the desk)
//   cancel   (15 %) reserve, read, cancel
//   abandon  (20 %) reserve, read, leave: the sweeper expires it after the event's one-minute hold
//   node bench/soak/run.mjs        (after `npm run build`)
// Env: SOAK_MINUTES [10], SOAK_BUYERS [16] (journeys in flight), BENCH_DIST [dist/api].
// Prints per call: count, 5xx, other unexpected answers, p50 and p99; the API's RSS after the warm-up, every minute and
// at the end, with the growth extrapolated per hour; and the checks at the end: every seat accounted for (held by a
// live reservation, sold, or free again), nothing held past its expiry after a sweep. Exit code 1 on any 5xx, failed
// request or failed check. Timings are printed, never asserted.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { freePort, importCatalog, loopbackSender, positive, stopBenchApp, whenHealthy } from '../shared/loopback.mjs';

const MINUTES = positive('SOAK_MINUTES', 10);
const BUYERS = positive('SOAK_BUYERS', 16);
const DIST = resolve(process.env.BENCH_DIST ?? 'dist/api');
const CATALOG = 'bench/soak/soak.catalog.yaml';
const EVENT = 'soak-hall';
const WARMUP_SECONDS = 30;
const REQUEST_TIMEOUT_MS = 30_000;



let port = 0;
const agent = new http.Agent({ keepAlive: true, maxSockets: BUYERS * 2 });

const send = loopbackSender(agent, () => port, REQUEST_TIMEOUT_MS);

// ---- per-call statistics, kept only while measuring (after the warm-up)
let measuring = false;
const calls = new Map(); // name -> { latencies: number[], serverErrors, unexpected, failed, samples: Set }
function stats(name) {
  let s = calls.get(name);
  if (!s) calls.set(name, (s = { latencies: [], serverErrors: 0, unexpected: 0, failed: 0, samples: new Set() }));
  return s;
}

/** One call, timed; `expected` says which statuses the journey counts on (anything else is reported). */
async function call(name, method, path, { body, headers, expected = [200] } = {}) {
  const sent = performance.now();
  try {
    const response = await send(method, path, { body, headers });
    if (measuring) {
      const s = stats(name);
      s.latencies.push(performance.now() - sent);
      if (response.status >= 500) s.serverErrors++;
      else if (!expected.includes(response.status)) s.unexpected++;
      if (!expected.includes(response.status) && s.samples.size < 3) s.samples.add(`${response.status} ${response.text.slice(0, 160)}`);
    }
    return response;
  } catch (error) {
    if (measuring) {
      const s = stats(name);
      s.failed++;
      if (s.samples.size < 3) s.samples.add(`failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    return { status: 0, headers: {}, text: '' };
  }
}

const json = (text) => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

// ---- the journeys
async function session() {
  const response = await call('open session', 'GET', '/api/v2/public/i18n/languages');
  return { 'x-auth-token': String(response.headers['x-auth-token'] ?? ''), 'x-csrf-token': String(response.headers['xsrf-token'] ?? '') };
}

let categories = { free: 0, desk: 0 };

async function browse() {
  await call('GET events', 'GET', '/api/v2/public/events');
  await call('GET event', 'GET', `/api/v2/public/event/${EVENT}`);
  await call('GET ticket-categories', 'GET', `/api/v2/public/event/${EVENT}/ticket-categories`);
}

async function reserve(headers) {
  const paid = Math.random() < 0.5;
  const amount = 1 + Math.floor(Math.random() * 3);
  const reserved = await call('POST reserve-tickets', 'POST', `/api/v2/public/event/${EVENT}/reserve-tickets?lang=en`, {
    headers,
    body: { reservation: [{ ticketCategoryId: paid ? categories.desk : categories.free, amount }] },
  });
  const id = json(reserved.text)?.value;
  if (typeof id !== 'string') return null;
  const info = json((await call('GET reservation', 'GET', `/api/v2/public/reservation/${id}`, { headers })).text);
  const tickets = (info?.ticketsByCategory ?? []).flatMap((c) => c.tickets.map((t) => t.uuid));
  return { id, paid, tickets };
}

async function complete(headers) {
  const order = await reserve(headers);
  if (!order) return;
  const n = Math.floor(Math.random() * 1e9);
  const buyer = { firstName: 'Soak', lastName: `Buyer${n}`, email: `buyer${n}@soak.example` };
  await call('POST validate-to-overview', 'POST', `/api/v2/public/reservation/${order.id}/validate-to-overview?lang=en`, {
    headers,
    body: { ...buyer, tickets: Object.fromEntries(order.tickets.map((uuid) => [uuid, buyer])) },
  });
  await call('POST confirm', 'POST', `/api/v2/public/reservation/${order.id}?lang=en`, {
    headers,
    body: { termAndConditionsAccepted: true, privacyPolicyAccepted: true, ...(order.paid ? { paymentProxy: 'ON_SITE' } : {}) },
  });
}

async function cancel(headers) {
  const order = await reserve(headers);
  if (order) await call('DELETE reservation', 'DELETE', `/api/v2/public/reservation/${order.id}`, { headers });
}

async function abandon(headers) {
  await reserve(headers);
}

const journeys = [
  [0.4, browse],
  [0.25, complete],
  [0.15, cancel],
  [0.2, abandon],
];
function pick() {
  let r = Math.random();
  for (const [weight, journey] of journeys) if ((r -= weight) < 0) return journey;
  return browse;
}

async function buyer(until) {
  let headers = await session();
  let journeysOfSession = 0;
  while (Date.now() < until) {
    // a new visitor now and then: sessions come and go as on a real site
    if (++journeysOfSession > 20) {
      headers = await session();
      journeysOfSession = 0;
    }
    await pick()(headers);
  }
}

function rssOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) * 1024;
}
const mib = (bytes) => `${(bytes / 1048576).toFixed(1)} MiB`;
const ms = (value) => (Number.isFinite(value) ? value.toFixed(1) : '-');

// ---- the system under test
const { startEmbeddedPostgres } = await import(join(DIST, 'embedded-postgres.js'));
const parent = mkdtempSync(join(tmpdir(), 'bench-soak-'));
chmodSync(parent, 0o755);
const database = await startEmbeddedPostgres({ dataDir: join(parent, 'pg'), database: 'soak', ephemeral: true });
port = await freePort();
const api = spawn(process.execPath, [join(DIST, 'main.js')], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: database.url, LOG_LEVEL: 'error', APP_MODE: 'prod', RATE_LIMITS: 'off', RESERVATION_SWEEP_INTERVAL_MS: '5000' },
});
const sql = new pg.Client({ connectionString: database.url });
let exitCode = 0;
try {
  await whenHealthy(api, send);
  importCatalog(DIST, CATALOG, database.url);
  await sql.connect();
  for (let i = 0; ; i++) {
    const listed = json((await send('GET', `/api/v2/public/event/${EVENT}/ticket-categories`)).text)?.ticketCategories ?? [];
    const byName = Object.fromEntries(listed.map((c) => [c.name, c.id]));
    if (byName['Free entry'] && byName['Paid at the desk']) {
      categories = { free: byName['Free entry'], desk: byName['Paid at the desk'] };
      break;
    }
    if (i > 100) throw new Error('the soak event did not show its categories');
    await new Promise((r) => setTimeout(r, 100));
  }

  console.log(`soak: ${BUYERS} journeys in flight for ${MINUTES} min after a ${WARMUP_SECONDS} s warm-up, API pid ${api.pid}`);
  const started = Date.now();
  const end = started + (WARMUP_SECONDS + MINUTES * 60) * 1000;
  const buyers = Array.from({ length: BUYERS }, () => buyer(end));
  await new Promise((r) => setTimeout(r, WARMUP_SECONDS * 1000));
  measuring = true;
  const measuredFrom = Date.now();
  const rss = [rssOf(api.pid)];
  console.log(`rss after warm-up: ${mib(rss[0])}`);
  const ticker = setInterval(() => {
    rss.push(rssOf(api.pid));
    console.log(`  minute ${rss.length - 1}: rss ${mib(rss.at(-1))}`);
  }, 60_000);
  await Promise.all(buyers);
  clearInterval(ticker);
  measuring = false;
  const seconds = (Date.now() - measuredFrom) / 1000;
  const finalRss = rssOf(api.pid);

  console.log(`\n${'call'.padEnd(26)} ${'count'.padStart(7)} ${'/s'.padStart(6)} ${'5xx'.padStart(5)} ${'other'.padStart(6)} ${'failed'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`);
  let total = 0;
  let bad = 0;
  for (const [name, s] of [...calls.entries()].sort()) {
    const sorted = Float64Array.from(s.latencies).sort();
    const p = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
    total += s.latencies.length + s.failed;
    bad += s.serverErrors + s.failed;
    console.log(
      `${name.padEnd(26)} ${String(s.latencies.length).padStart(7)} ${(s.latencies.length / seconds).toFixed(1).padStart(6)} ${String(s.serverErrors).padStart(5)} ${String(s.unexpected).padStart(6)} ${String(s.failed).padStart(6)} ${ms(p(0.5)).padStart(8)} ${ms(p(0.99)).padStart(8)}`,
    );
    for (const sample of s.samples) console.log(`    e.g. ${sample}`);
  }
  console.log(`\n${total} calls in ${seconds.toFixed(0)} s; 5xx or failed: ${bad} (${((100 * bad) / Math.max(1, total)).toFixed(3)} %)`);
  const growth = (finalRss - rss[0]) / rss[0];
  console.log(`rss: ${mib(rss[0])} after warm-up, ${mib(finalRss)} at the end: ${(growth * 100).toFixed(1)} % in ${(seconds / 60).toFixed(1)} min, ${((growth * 3600) / seconds * 100).toFixed(1)} % per hour extrapolated`);
  if (bad > 0) exitCode = 1;

  // ---- the checks: a sweep later, no hold is past its expiry and every seat is accounted for
  await new Promise((r) => setTimeout(r, 70_000));
  const overdue = await sql.query(`select count(*)::int as n from sales_holds where status = 'HELD' and expires_at < now() - interval '10 seconds'`).catch((error) => ({ rows: [{ n: `unknown (${error.message})` }] }));
  const states = await sql.query(`select status, count(*)::int as n from sales_reservations group by status order by status`);
  console.log(`reservations by status: ${states.rows.map((r) => `${r.status} ${r.n}`).join(', ')}`);
  console.log(`holds past their expiry 70 s after the last call: ${overdue.rows[0].n}`);
  if (overdue.rows[0].n !== 0) exitCode = 1;
  const verified = spawnSync(process.execPath, [join(DIST, 'cli.js'), 'projections', 'verify', '--all'], { encoding: 'utf8', env: { ...process.env, DATABASE_URL: database.url } });
  console.log(`projections verify: ${verified.status === 0 ? 'read models equal a rebuild' : `FAILED\n${verified.stdout}${verified.stderr}`}`);
  if (verified.status !== 0) exitCode = 1;
} catch (error) {
  exitCode = 1;
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
} finally {
  await stopBenchApp({ agent, sql, api, database });
  // the data folder went with the ephemeral database; its parent was this run's
  rmSync(parent, { recursive: true, force: true });
}
process.exit(exitCode);
