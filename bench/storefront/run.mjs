#!/usr/bin/env node
// What a buyer feels on each main route of the storefront: cold loads (a fresh chromium context, empty cache) of the
// home page, the event page, the booking step, the overview, the success page, a ticket and a subscription page,
// BENCH_RUNS (5) of each, median: gzipped JS (gzip -9 of every script the page loaded, as route-js-size counts), requests,
// first contentful paint, largest contentful paint and the time until the page is usable (its own test per route:
// the event page's categories with their quantity selects, the booking form with every section in place). Times
// from the navigation's start, in the page's own clock. JS is counted twice: all the scripts of the load (until the
// network is idle: parts loaded on idle included) and those asked for before the page was usable. Beside each figure: the last run's (bench/storefront/last.json,
// rewritten at the end unless --no-save) and the difference.
//   node bench/storefront/run.mjs     (after `npm run build`; BENCH_RUNS, --json, --no-save, --scripts: each script
//                                      a route loaded, with its gzipped size)
// BENCH_DIST=<dir> runs another build (a copy of an earlier commit's dist/) against the same script, for a before and
// after in one sitting; its figures are not saved.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { freePort, importCatalog, positive } from '../shared/loopback.mjs';

const RUNS = positive('BENCH_RUNS', 5);
const asJson = process.argv.includes('--json');
const listScripts = process.argv.includes('--scripts');
const otherBuild = process.env.BENCH_DIST;
const save = !process.argv.includes('--no-save') && !otherBuild;
const lastFile = fileURLToPath(new URL('./last.json', import.meta.url));
const dist = join(otherBuild ?? join(process.cwd(), 'dist'), 'api');

const WINTER = 'seeklang-winterfestival-2027';
const STUDIO = 'seeklang-studio-session';
const CONCERT_PASS = '6f30c825-ff76-4b1f-b14e-1bde488a97a7';

const { startEmbeddedPostgres } = await import(join(dist, 'embedded-postgres.js'));
const parent = mkdtempSync(join(tmpdir(), 'bench-storefront-'));
chmodSync(parent, 0o755);
const pg = await startEmbeddedPostgres({ dataDir: join(parent, 'pg'), database: 'bench', ephemeral: true });
const port = await freePort();
const api = spawn(process.execPath, [join(dist, 'main.js')], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: pg.url, LOG_LEVEL: 'error', APP_MODE: 'prod', RATE_LIMITS: 'off' },
});
const base = `http://127.0.0.1:${port}`;

// ---- orders through the public API, as the storefront makes them (a first GET hands out the session tokens)

async function openSession() {
  const response = await fetch(`${base}/api/v2/public/i18n/languages`);
  return { 'X-Auth-Token': response.headers.get('x-auth-token'), 'X-CSRF-TOKEN': response.headers.get('xsrf-token'), 'Content-Type': 'application/json' };
}

async function call(method, path, headers, body) {
  const response = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text);
}

/** A reservation of one ticket of the event's first category, held (booking step). */
async function reserve(event, headers) {
  const items = await call('GET', `/api/v2/public/event/${event}/ticket-categories`, headers);
  const category = items.ticketCategories.find((c) => c.maxTickets > 0 && !c.expired && c.saleableAndLimitNotReached !== false) ?? items.ticketCategories[0];
  return (await call('POST', `/api/v2/public/event/${event}/reserve-tickets?lang=en`, headers, { reservation: [{ ticketCategoryId: category.id, amount: 1 }] })).value;
}

/** The booking step done: contact and the attendee, with the mandatory supplement items (overview step). */
async function validate(id, headers) {
  const view = await call('GET', `/api/v2/public/reservation/${id}`, headers);
  const uuid = view.ticketsByCategory[0].tickets[0].uuid;
  const answer = await call('POST', `/api/v2/public/reservation/${id}/validate-to-overview?lang=en`, headers, {
    email: 'grace@example.org',
    firstName: 'Grace',
    lastName: 'Hopper',
    tickets: { [uuid]: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', additional: {} } },
    additionalServices: { [uuid]: view.additionalServiceWithData.map((item) => ({ additionalServiceItemId: item.itemId, ticketUUID: uuid, additional: {} })) },
  });
  if (!answer.success) throw new Error(`validate-to-overview of ${id}: ${JSON.stringify(answer)}`);
  return uuid;
}

// ---- the routes, and when each is usable (evaluated in the page at every frame)

/** The first frame at which `usable()` holds, in ms since the navigation started: window.__usableAt. */
const usableProbe = (test) => `(() => {
  const usable = ${test};
  const placeholders = () => document.querySelector('.part-placeholder') !== null;
  const visible = (selector) => Array.from(document.querySelectorAll(selector)).some((e) => e.getClientRects().length > 0);
  const frame = () => {
    if (usable(visible) && !placeholders()) window.__usableAt = performance.now();
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  window.__lcp = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
})()`;

const heading = '(visible) => visible("main h1")';

async function routes() {
  const headers = await openSession();
  const booking = await reserve(WINTER, headers);
  const overview = await reserve(WINTER, headers);
  await validate(overview, headers);
  const free = await reserve(STUDIO, headers);
  const ticket = await validate(free, headers);
  await call('POST', `/api/v2/public/reservation/${free}?lang=en`, headers, { paymentProxy: 'NONE', selectedPaymentMethod: 'NONE', termAndConditionsAccepted: true, privacyPolicyAccepted: true });
  const status = (await call('GET', `/api/v2/public/reservation/${free}/status`, headers)).status;
  if (status !== 'COMPLETE') throw new Error(`the free order is ${status}`);
  return [
    { name: 'home', path: '/', usable: '(visible) => visible("main article")' },
    { name: 'event page', path: `/event/${WINTER}`, usable: '(visible) => visible("form.ticket-selection select")' },
    { name: 'booking step', path: `/event/${WINTER}/reservation/${booking}/book`, usable: '(visible) => visible("form.checkout-form input") && visible("form.checkout-form button[type=submit]")' },
    { name: 'overview', path: `/event/${WINTER}/reservation/${overview}/overview`, usable: '(visible) => visible("main h1") && visible("main button[type=submit]")' },
    { name: 'success', path: `/event/${STUDIO}/reservation/${free}/success`, usable: heading },
    { name: 'ticket view', path: `/event/${STUDIO}/ticket/${ticket}/view`, usable: heading },
    { name: 'subscription page', path: `/subscription/${CONCERT_PASS}`, usable: '(visible) => visible("main h1") && visible("main button")' },
  ];
}

async function coldLoad(browser, route) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  await context.setExtraHTTPHeaders({ 'accept-encoding': 'gzip, deflate, br' });
  const page = await context.newPage();
  await page.addInitScript(usableProbe(route.usable));
  const scripts = [];
  let requests = 0;
  page.on('request', () => requests++);
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') {
      const file = new URL(request.url()).pathname;
      scripts.push(request.response().then((r) => r.body()).then((body) => ({ file, bytes: gzipSync(body, { level: 9 }).length }), () => ({ file, bytes: 0 })));
    }
  });
  await page.goto(`${base}${route.path}`, { waitUntil: 'load' });
  await page.waitForFunction(() => window.__usableAt !== undefined, null, { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const { early, ...times } = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    lcp: window.__lcp,
    usable: window.__usableAt,
    // the scripts asked for before the page was usable (the rest came after: on idle, on demand)
    early: performance
      .getEntriesByType('resource')
      .filter((e) => e.initiatorType === 'script' || e.initiatorType === 'link' || new URL(e.name).pathname.endsWith('.js'))
      .filter((e) => e.startTime <= window.__usableAt)
      .map((e) => new URL(e.name).pathname),
  }));
  const files = await Promise.all(scripts);
  const jsBytes = files.reduce((total, f) => total + f.bytes, 0);
  const jsUntilUsable = files.filter((f) => early.includes(f.file)).reduce((total, f) => total + f.bytes, 0);
  await context.close();
  return { jsBytes, jsUntilUsable, requests, ...times, files };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

let browser;
try {
  for (let i = 0; ; i++) {
    if (api.exitCode !== null) throw new Error(`the app exited with code ${api.exitCode}`);
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break;
    if (i > 300) throw new Error('the app did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  importCatalog(dist, 'tools/catalog/demo/demo.catalog.yaml', pg.url);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const list = await routes();
  // One load of each first, not counted: the server's first answers (JIT, caches) are not what a buyer meets.
  for (const route of list) {
    const warm = await coldLoad(browser, route);
    if (listScripts) console.log(`${route.name}: ${warm.files.map((f) => `${f.file} ${f.bytes}`).join(', ')}`);
  }
  const figures = [];
  for (const route of list) {
    const loads = [];
    for (let i = 0; i < RUNS; i++) loads.push(await coldLoad(browser, route));
    figures.push({
      route: route.name,
      jsBytes: median(loads.map((l) => l.jsBytes)),
      jsUntilUsable: median(loads.map((l) => l.jsUntilUsable)),
      requests: median(loads.map((l) => l.requests)),
      fcp: Math.round(median(loads.map((l) => l.fcp))),
      lcp: Math.round(median(loads.map((l) => l.lcp))),
      usable: Math.round(median(loads.map((l) => l.usable))),
    });
  }
  const commit = (() => {
    try {
      return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    } catch {
      return 'unknown';
    }
  })();
  const run = { commit: otherBuild ? `${otherBuild} (BENCH_DIST)` : commit, date: new Date().toISOString(), runs: RUNS, routes: figures };
  const last = existsSync(lastFile) ? JSON.parse(readFileSync(lastFile, 'utf8')) : null;
  if (asJson) process.stdout.write(`${JSON.stringify(run)}\n`);
  else print(run, last);
  if (save) writeFileSync(lastFile, `${JSON.stringify(run, null, 2)}\n`);
} finally {
  await browser?.close();
  if (api.exitCode === null) {
    api.kill('SIGTERM');
    await new Promise((r) => api.once('exit', r));
  }
  await pg.stop();
}

function print(run, last) {
  const before = (route, key) => last?.routes.find((r) => r.route === route)?.[key];
  const cell = (value, previous, format) => {
    if (previous === undefined || value === undefined) return value === undefined ? '' : format(value);
    const delta = value - previous;
    const sign = delta > 0 ? '+' : delta < 0 ? '-' : '±';
    return `${format(value)} (${format(previous)}, ${sign}${format(Math.abs(delta))})`;
  };
  const kb = (bytes) => (bytes / 1024).toFixed(1);
  const ms = (value) => String(value);
  const count = (value) => String(value);
  console.log(`\nCold loads in headless chromium, 1280 px, median of ${run.runs}, commit ${run.commit}${last ? `; in brackets: commit ${last.commit} (${last.date.slice(0, 10)}) and the difference` : ''}\n`);
  console.log('| route | JS KB gzip | of it until usable | requests | FCP ms | LCP ms | usable ms |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of run.routes) {
    console.log(
      `| ${r.route} | ${cell(r.jsBytes, before(r.route, 'jsBytes'), kb)} | ${cell(r.jsUntilUsable, before(r.route, 'jsUntilUsable'), kb)} | ${cell(r.requests, before(r.route, 'requests'), count)} | ${cell(r.fcp, before(r.route, 'fcp'), ms)} | ${cell(r.lcp, before(r.route, 'lcp'), ms)} | ${cell(r.usable, before(r.route, 'usable'), ms)} |`,
    );
  }
}
