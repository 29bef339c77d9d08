#!/usr/bin/env node
// Catalog reads under load, side by side with a static JSON route of the same server, plus the gzipped
// JavaScript a browser downloads to render the event page. Loopback only, bounded in time.
//   node bench/catalog-reads/run.mjs            (after `npm run build`; BENCH_SECONDS, BENCH_CONNECTIONS)
import autocannon from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createServer } from 'node:net';
import { chromium } from 'playwright-core';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const EVENT = 'seeklang-winterfestival-2027';

const { startEmbeddedPostgres } = await import(join(process.cwd(), 'dist/api/embedded-postgres.js'));
const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
const parent = mkdtempSync(join(tmpdir(), 'bench-catalog-'));
chmodSync(parent, 0o755);
const pg = await startEmbeddedPostgres({ dataDir: join(parent, 'pg'), database: 'bench', ephemeral: true });
const port = await freePort();
const api = spawn(process.execPath, ['dist/api/main.js'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: String(port), DATABASE_URL: pg.url, LOG_LEVEL: 'error', APP_MODE: 'prod' },
});
const base = `http://127.0.0.1:${port}`;
try {
  for (let i = 0; ; i++) {
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break;
    if (i > 300) throw new Error('the app did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  const demo = spawnSync(process.execPath, ['dist/api/catalog-cli.js', 'import', 'tools/catalog/demo/demo.catalog.yaml'], { env: { ...process.env, DATABASE_URL: pg.url } });
  if (demo.status !== 0) throw new Error(String(demo.stderr));

  // The two reads also as a browser asks for them (compressed answers since issue 12; autocannon sends no
  // Accept-Encoding by itself, so the other rows measure the uncompressed answers).
  const browserLike = { 'accept-encoding': 'gzip, deflate, br' };
  const routes = [
    ['static JSON (GET /api/v2/info)', '/api/v2/info'],
    [`GET /api/v2/public/event/${EVENT}`, `/api/v2/public/event/${EVENT}`],
    [`GET /api/v2/public/event/${EVENT}/ticket-categories`, `/api/v2/public/event/${EVENT}/ticket-categories`],
    [`GET /api/v2/public/event/${EVENT}, Accept-Encoding: gzip, deflate, br`, `/api/v2/public/event/${EVENT}`, browserLike],
    [`GET /api/v2/public/event/${EVENT}/ticket-categories, Accept-Encoding: gzip, deflate, br`, `/api/v2/public/event/${EVENT}/ticket-categories`, browserLike],
  ];
  const results = [];
  for (const [name, path, headers = {}] of routes) {
    await autocannon({ url: base + path, connections, duration: 2, headers }); // warm-up
    const r = await autocannon({ url: base + path, connections, duration: seconds, headers });
    if (r.non2xx > 0 || r.errors > 0) throw new Error(`${path}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    results.push({ name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bytes: r.throughput.total / r.requests.total });
  }
  const baseline = results[0].rps;
  console.log(`\nCatalog reads: ${connections} connections, ${seconds} s per route, loopback, same server (prod mode)\n`);
  console.log('| route | requests/s | p50 ms | p99 ms | ratio to static | bytes per answer |');
  console.log('|---|---|---|---|---|---|');
  for (const r of results) console.log(`| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${(r.rps / baseline).toFixed(2)}x | ${r.bytes.toFixed(0)} |`);

  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  const page = await browser.newPage();
  const scripts = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.body().then((b) => ({ url: response.url(), raw: b.length, gz: gzipSync(b, { level: 9 }).length })));
  });
  const started = Date.now();
  await page.goto(`${base}/event/${EVENT}`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  const rendered = Date.now() - started;
  const files = await Promise.all(scripts);
  await browser.close();
  const gz = files.reduce((sum, f) => sum + f.gz, 0);
  const raw = files.reduce((sum, f) => sum + f.raw, 0);
  console.log(`\nEvent page JavaScript: ${files.length} files, ${(raw / 1024).toFixed(1)} KB raw, ${(gz / 1024).toFixed(1)} KB gzipped (target <= 100 KB; the reference Angular storefront ships 244 KB)`);
  console.log(`Event page load to first heading in headless chromium: ${rendered} ms`);
} finally {
  api.kill('SIGTERM');
  await new Promise((r) => api.once('exit', r));
  await pg.stop();
}
