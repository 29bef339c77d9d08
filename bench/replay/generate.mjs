#!/usr/bin/env node
// Makes the log bench/replay rebuilds from: buyers drive the built API on loopback (the real command handlers,
// appends, inline holds and sweeper) until the log holds at least --events events, then the database is stopped
// and its data folder kept as the cache (.data/bench-replay/log-<N>, gitignored) that run.ts copies for each run.
//   node bench/replay/generate.mjs --events 1000000      (after `npm run build`; run.ts calls it when the cache is missing)
// Env: REPLAY_BUYERS [128 in-process, 48 http] (journeys in flight), REPLAY_GENERATOR [in-process] or http, BENCH_DIST [dist/api] (http only).
// in-process: the app (createApp, as libs/testing's test app) in this process, each call through Fastify's in-process
// injection: the same routes, guards, command handlers, appends and live runner, without sockets or a second process.
// Bundled (with Vite's transform: Nest needs the decorator metadata tsx drops) by vite.generator.config.ts into
// dist/bench-replay, built here at each generation. http: the built API (`npm run build`) in a child process on loopback.
// Journeys, picked by weight:
//   book     (35 %) reserve 1-3 seats (free or paid at the desk), read it, book (validate-to-overview), confirm;
//                   then, one time in three, change a ticket's holder, and one time in ten give a free ticket back
//   cancel   (15 %) reserve, cancel
//   abandon  (15 %) reserve and leave: the sweeper expires it after the event's one-minute hold
//   rush     (35 %) reserve 1-2 seats of a rush event of 2,000 seats (refused once sold out, until holds expire),
//                   and book half of those that got seats
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { freePort, importCatalog, loopbackSender, positive, whenHealthy } from '../shared/loopback.mjs';

const argument = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : process.argv[at + 1];
};
const EVENTS = Number(argument('--events', 1_000_000));
if (!Number.isInteger(EVENTS) || EVENTS < 1) throw new Error('--events must be a positive integer');
const MODE = process.env.REPLAY_GENERATOR ?? 'in-process';
if (MODE !== 'in-process' && MODE !== 'http') throw new Error('REPLAY_GENERATOR must be in-process or http');
const BUYERS = positive('REPLAY_BUYERS', MODE === 'http' ? 48 : 128);
const DIST = resolve(process.env.BENCH_DIST ?? 'dist/api');
const APP_BUNDLE = resolve('dist/bench-replay');
const CATALOG = 'bench/replay/replay.catalog.yaml';
const HALL = 'replay-hall';
const RUSHES = ['replay-rush-1', 'replay-rush-2', 'replay-rush-3', 'replay-rush-4'];
export const cacheDir = (events) => resolve('.data/bench-replay', `log-${events}`);

let port = 0;
const agent = new http.Agent({ keepAlive: true, maxSockets: BUYERS * 2 });
let send = loopbackSender(agent, () => port, 60_000);

/** The app in this process and a `send` through Fastify's injection (no socket); `stop` closes it. */
async function inProcessApp(databaseUrl) {
  const { createApp, createRootLogger, readConfig } = await import(join(APP_BUNDLE, 'app.js'));
  const config = readConfig({ ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', APP_MODE: 'prod', RATE_LIMITS: 'off', RESERVATION_SWEEP_INTERVAL_MS: '5000' });
  const { app } = await createApp(config, { logger: createRootLogger('silent') });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  const inject = (method, path, { body, headers = {} } = {}) =>
    app.inject({ method, url: path, headers, ...(body === undefined ? {} : { payload: body }) }).then((r) => ({ status: r.statusCode, headers: r.headers, text: r.body }));
  return { send: inject, stop: () => app.close() };
}

/** The bundle of app-entry.ts (and the catalog CLI) in-process mode runs, built from this checkout's sources. */
function appBundle() {
  const built = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'bench/replay/vite.generator.config.ts', '--logLevel', 'warn'], { encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`building ${APP_BUNDLE} failed:\n${built.stdout}${built.stderr}`);
}

const counts = new Map();
const count = (what) => counts.set(what, (counts.get(what) ?? 0) + 1);

const json = (text) => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

async function call(name, method, path, options) {
  try {
    const response = await send(method, path, options);
    count(`${name} ${response.status}`);
    return response;
  } catch {
    count(`${name} failed`);
    return { status: 0, headers: {}, text: '' };
  }
}

async function session() {
  const response = await call('session', 'GET', '/api/v2/public/i18n/languages');
  return { 'x-auth-token': String(response.headers['x-auth-token'] ?? ''), 'x-csrf-token': String(response.headers['xsrf-token'] ?? '') };
}

const categories = new Map(); // event -> { name: id }
const pickOne = (list) => list[Math.floor(Math.random() * list.length)];
const buyerOf = () => {
  const n = Math.floor(Math.random() * 1e9);
  return { firstName: 'Replay', lastName: `Buyer${n}`, email: `buyer${n}@replay.example` };
};

async function reserve(headers, event, categoryId, amount) {
  const reserved = await call('reserve', 'POST', `/api/v2/public/event/${event}/reserve-tickets?lang=en`, {
    headers,
    body: { reservation: [{ ticketCategoryId: categoryId, amount }] },
  });
  const id = json(reserved.text)?.value;
  return typeof id === 'string' ? id : null;
}

async function ticketsOf(headers, id) {
  const info = json((await call('read', 'GET', `/api/v2/public/reservation/${id}`, { headers })).text);
  return (info?.ticketsByCategory ?? []).flatMap((c) => c.tickets.map((t) => t.uuid));
}

async function book(headers, event, id, paid) {
  const tickets = await ticketsOf(headers, id);
  const buyer = buyerOf();
  await call('book', 'POST', `/api/v2/public/reservation/${id}/validate-to-overview?lang=en`, {
    headers,
    body: { ...buyer, tickets: Object.fromEntries(tickets.map((uuid) => [uuid, buyer])) },
  });
  const confirmed = await call('confirm', 'POST', `/api/v2/public/reservation/${id}?lang=en`, {
    headers,
    body: { termAndConditionsAccepted: true, privacyPolicyAccepted: true, ...(paid ? { paymentProxy: 'ON_SITE' } : {}) },
  });
  return confirmed.status === 200 ? tickets : [];
}

async function bookingJourney(headers) {
  const paid = Math.random() < 0.5;
  const hall = categories.get(HALL);
  const id = await reserve(headers, HALL, paid ? hall['Paid at the desk'] : hall['Free entry'], 1 + Math.floor(Math.random() * 3));
  if (!id) return;
  const tickets = await book(headers, HALL, id, paid);
  if (tickets.length === 0) return;
  if (Math.random() < 1 / 3) {
    await call('update ticket', 'PUT', `/api/v2/public/event/${HALL}/ticket/${pickOne(tickets)}?lang=en`, { headers, body: buyerOf() });
  }
  if (!paid && Math.random() < 0.1) await call('release ticket', 'DELETE', `/api/v2/public/event/${HALL}/ticket/${pickOne(tickets)}`, { headers });
}

async function cancelJourney(headers) {
  const hall = categories.get(HALL);
  const id = await reserve(headers, HALL, hall['Free entry'], 1 + Math.floor(Math.random() * 3));
  if (id) await call('cancel', 'DELETE', `/api/v2/public/reservation/${id}`, { headers });
}

async function abandonJourney(headers) {
  const hall = categories.get(HALL);
  await reserve(headers, HALL, Math.random() < 0.5 ? hall['Free entry'] : hall['Paid at the desk'], 1 + Math.floor(Math.random() * 3));
}

async function rushJourney(headers) {
  const event = pickOne(RUSHES);
  const id = await reserve(headers, event, categories.get(event)['Standing'], 1 + Math.floor(Math.random() * 2));
  if (id && Math.random() < 0.5) await book(headers, event, id, false);
}

const journeys = [
  [0.35, bookingJourney],
  [0.15, cancelJourney],
  [0.15, abandonJourney],
  [0.35, rushJourney],
];
function pick() {
  let r = Math.random();
  for (const [weight, journey] of journeys) if ((r -= weight) < 0) return journey;
  return bookingJourney;
}

async function buyer(done) {
  let headers = await session();
  for (let n = 1; !done(); n++) {
    if (n % 20 === 0) headers = await session();
    await pick()(headers);
  }
}

/** Generates the cache for `events` events unless it is there; returns its folder and how long it took (0 when cached). */
export async function generate(events = EVENTS) {
  const target = cacheDir(events);
  if (existsSync(join(target, 'pg', 'PG_VERSION'))) return { dir: target, seconds: 0 };
  if (MODE === 'http' && !existsSync(join(DIST, 'main.js'))) throw new Error(`no built API in ${DIST}: run \`npm run build\` first`);
  if (MODE === 'in-process') appBundle();
  const building = `${target}.building`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  const started = performance.now();
  const { startEmbeddedPostgres } = await import(join(MODE === 'http' ? DIST : APP_BUNDLE, 'embedded-postgres.js'));
  const database = await startEmbeddedPostgres({ dataDir: join(building, 'pg'), database: 'replay' });
  let api;
  let inProcess;
  if (MODE === 'http') {
    port = await freePort();
    api = spawn(process.execPath, [join(DIST, 'main.js')], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: database.url, LOG_LEVEL: 'error', APP_MODE: 'prod', RATE_LIMITS: 'off', RESERVATION_SWEEP_INTERVAL_MS: '5000' },
    });
  }
  const sql = new pg.Client({ connectionString: database.url });
  try {
    if (api) await whenHealthy(api, send);
    else {
      inProcess = await inProcessApp(database.url);
      send = inProcess.send;
    }
    importCatalog(MODE === 'http' ? DIST : APP_BUNDLE, CATALOG, database.url);
    await sql.connect();
    // Commits do not wait for the WAL to reach the disk while the log is made (the events are the same; a crash of
    // this run would only lose its last ones); reset before the cache is kept, so every run uses the defaults.
    await sql.query('alter system set synchronous_commit = off');
    await sql.query('select pg_reload_conf()');
    for (const event of [HALL, ...RUSHES]) {
      for (let i = 0; ; i++) {
        const listed = json((await send('GET', `/api/v2/public/event/${event}/ticket-categories`)).text)?.ticketCategories ?? [];
        if (listed.length > 0) {
          categories.set(event, Object.fromEntries(listed.map((c) => [c.name.en ?? c.name, c.id])));
          break;
        }
        if (i > 100) throw new Error(`${event} did not show its categories`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const firstHead = Number((await sql.query('select coalesce(max(position), 0) as head from events')).rows[0].head);
    const generating = performance.now();
    console.error(`generate (${MODE}): ${BUYERS} journeys in flight until the log holds ${events.toLocaleString('en')} events`);
    let head = 0;
    const done = () => head >= events;
    const watcher = (async () => {
      let last = performance.now();
      while (!done()) {
        await new Promise((r) => setTimeout(r, 2_000));
        head = Number((await sql.query('select coalesce(max(position), 0) as head from events')).rows[0].head);
        if (performance.now() - last > 30_000) {
          last = performance.now();
          const seconds = (performance.now() - started) / 1000;
          console.error(`  ${head.toLocaleString('en')} events after ${seconds.toFixed(0)} s (${((head - firstHead) / ((last - generating) / 1000)).toFixed(0)}/s of journeys)`);
        }
      }
    })();
    await Promise.all([watcher, ...Array.from({ length: BUYERS }, () => buyer(done))]);
    const journeysDone = performance.now();
    // the API's runner brings every read model to the head before it stops: run.ts compares a rebuild with them
    for (let i = 0; i < 600; i++) {
      const { rows } = await sql.query('select (select coalesce(max(position), 0) from events) as head, (select min(position) from projection_checkpoints) as slowest');
      if (rows[0].slowest === rows[0].head) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    await sql.query('alter system reset synchronous_commit');
    await sql.query('select pg_reload_conf()');
    head = Number((await sql.query('select coalesce(max(position), 0) as head from events')).rows[0].head);
    const mix = await sql.query('select type, count(*)::int as n from events group by type order by n desc');
    console.error(`generate: ${head.toLocaleString('en')} events in ${((performance.now() - started) / 1000).toFixed(0)} s (journeys: ${((head - firstHead) / ((journeysDone - generating) / 1000)).toFixed(0)} events/s, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}); calls: ${[...counts].map(([k, v]) => `${k} ${v}`).join(', ')}`);
    console.error(`  by type: ${mix.rows.map((r) => `${r.type} ${r.n}`).join(', ')}`);
  } finally {
    agent.destroy();
    await sql.end().catch(() => undefined);
    if (inProcess) await inProcess.stop();
    if (api && api.exitCode === null) {
      api.kill('SIGTERM');
      await new Promise((r) => api.once('exit', r));
    }
    await database.stop();
  }
  renameSync(building, target);
  return { dir: target, seconds: (performance.now() - started) / 1000 };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { dir, seconds } = await generate();
  console.log(seconds === 0 ? `cached already: ${dir}` : `generated ${dir} in ${seconds.toFixed(0)} s`);
}
