#!/usr/bin/env node
// Bytes on the wire of a cold load of the event page: every request headless chromium makes for it (HTML, JS, CSS,
// JSON, images, fonts), with the body as it came over the wire (encoded) and as decoded. Loopback only, one load.
//   node bench/storefront-wire/run.mjs     (after `npm run build`; BENCH_EVENT, BENCH_ACCEPT_ENCODING, --json)
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const EVENT = process.env.BENCH_EVENT ?? 'seeklang-winterfestival-2027';
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br';
const asJson = process.argv.includes('--json');

const { startEmbeddedPostgres } = await import(join(process.cwd(), 'dist/api/embedded-postgres.js'));
const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
const parent = mkdtempSync(join(tmpdir(), 'bench-wire-'));
chmodSync(parent, 0o755);
const pg = await startEmbeddedPostgres({ dataDir: join(parent, 'pg'), database: 'bench', ephemeral: true });
const port = await freePort();
const api = spawn(process.execPath, ['dist/api/main.js'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: String(port), DATABASE_URL: pg.url, LOG_LEVEL: 'error', APP_MODE: 'prod' },
});
const base = `http://127.0.0.1:${port}`;

/** What a response is, by its content type (the request's kind when it has none). */
function kindOf(contentType, resourceType) {
  const type = contentType.split(';')[0].trim();
  if (type === 'text/html') return 'HTML';
  if (/javascript/.test(type)) return 'JS';
  if (type === 'text/css') return 'CSS';
  if (/json/.test(type)) return 'JSON';
  if (type.startsWith('image/')) return 'images';
  if (type.startsWith('font/')) return 'fonts';
  return resourceType === 'fetch' || resourceType === 'xhr' ? 'JSON' : 'other';
}

let browser;
try {
  for (let i = 0; ; i++) {
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break;
    if (i > 300) throw new Error('the app did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  const demo = spawnSync(process.execPath, ['dist/api/catalog-cli.js', 'import', 'tools/catalog/demo/demo.catalog.yaml'], { env: { ...process.env, DATABASE_URL: pg.url } });
  if (demo.status !== 0) throw new Error(String(demo.stderr));

  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  // A new context has an empty cache: a cold load.
  const context = await browser.newContext();
  await context.setExtraHTTPHeaders({ 'accept-encoding': ACCEPT_ENCODING });
  const page = await context.newPage();
  const responses = [];
  page.on('requestfinished', (request) =>
    responses.push(
      (async () => {
        const response = await request.response();
        const sizes = await request.sizes();
        const body = await response.body().catch(() => Buffer.alloc(0));
        const headers = await response.allHeaders();
        return {
          url: request.url().slice(base.length),
          status: response.status(),
          kind: kindOf(headers['content-type'] ?? '', request.resourceType()),
          encoding: headers['content-encoding'] ?? 'identity',
          wire: sizes.responseBodySize,
          headers: sizes.responseHeadersSize,
          decoded: body.length,
        };
      })(),
    ),
  );
  await page.goto(`${base}/event/${EVENT}`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  const files = await Promise.all(responses);
  await context.close();

  if (asJson) {
    process.stdout.write(`${JSON.stringify(files)}\n`);
  } else {
    const kinds = ['HTML', 'JS', 'CSS', 'JSON', 'images', 'fonts', 'other'];
    const sum = (list, key) => list.reduce((total, f) => total + f[key], 0);
    const kb = (bytes) => (bytes / 1024).toFixed(1);
    console.log(`\nCold load of /event/${EVENT} in headless chromium, Accept-Encoding: ${ACCEPT_ENCODING}\n`);
    console.log('| kind | requests | encodings | body on the wire KB | decoded KB | headers KB |');
    console.log('|---|---|---|---|---|---|');
    for (const kind of kinds) {
      const list = files.filter((f) => f.kind === kind);
      if (list.length === 0) continue;
      const encodings = [...new Set(list.map((f) => f.encoding))].join(', ');
      console.log(`| ${kind} | ${list.length} | ${encodings} | ${kb(sum(list, 'wire'))} | ${kb(sum(list, 'decoded'))} | ${kb(sum(list, 'headers'))} |`);
    }
    const wire = sum(files, 'wire');
    const decoded = sum(files, 'decoded');
    console.log(`| **all** | ${files.length} | | **${kb(wire)}** | ${kb(decoded)} | ${kb(sum(files, 'headers'))} |`);
    console.log(`\nBodies on the wire: ${kb(wire)} KB of ${kb(decoded)} KB decoded (${((1 - wire / decoded) * 100).toFixed(1)} % saved by encoding).`);
    console.log('\nRequests:');
    for (const f of files) console.log(`  ${f.status} ${f.kind.padEnd(6)} ${f.encoding.padEnd(8)} ${String(f.wire).padStart(7)} / ${String(f.decoded).padStart(7)} B  ${f.url}`);
  }
} finally {
  await browser?.close();
  api.kill('SIGTERM');
  await new Promise((r) => api.once('exit', r));
  await pg.stop();
}
