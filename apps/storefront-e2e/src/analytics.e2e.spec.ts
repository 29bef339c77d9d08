import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { freePort } from '@ticketing/postgres';
import { DESKTOP, launchBrowser } from './browser.js';
import { startOwnApp, type OwnApp } from './own-app.js';

/**
 * Google Analytics (reference AnalyticsConfiguration; spec 9: consent denied by default) in chromium against the built
 * app, with a measurement id and GOOGLE_ANALYTICS_SCRIPT_URL naming a local stand-in of gtag.js, which the page's
 * content security policy must let load and send. The stand-in does what gtag.js does with the page's dataLayer: it
 * works through the commands queued before it loaded, then every later push, and here reports each to its server.
 */
const KEY = 'G-E2ETEST01';
const EVENT = 'meetup-typescript-event-sourcing';

const FAKE_GTAG_JS = `(function () {
  var collect = new URL('/collect', document.currentScript.src).toString();
  var layer = window.dataLayer = window.dataLayer || [];
  var seq = 0;
  var send = function (command) {
    fetch(collect, { method: 'POST', body: JSON.stringify({ seq: seq++, command: Array.prototype.slice.call(command) }), keepalive: true });
  };
  layer.forEach(send);
  layer.push = function (command) { send(command); return Array.prototype.push.call(layer, command); };
})();`;

/** The stand-in's server: where the script was asked for, and the commands reported, in the page's order. */
async function startGtagStandIn(): Promise<{ server: Server; url: string; scripts: string[]; commands: unknown[][] }> {
  const scripts: string[] = [];
  const commands: unknown[][] = [];
  const port = await freePort();
  const server = createServer((request, response) => {
    if (request.method === 'POST') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const { seq, command } = JSON.parse(body) as { seq: number; command: unknown[] };
        commands[seq] = command; // the reports travel concurrently: each goes to its place in the page's order
        response.writeHead(204, { 'access-control-allow-origin': '*' }).end();
      });
      return;
    }
    scripts.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
    response.end(FAKE_GTAG_JS);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${port}/gtag/js`, scripts, commands };
}

describe('analytics with consent denied by default', () => {
  let browser: Browser;
  let app: OwnApp | undefined;
  let gtag: Awaited<ReturnType<typeof startGtagStandIn>>;

  beforeAll(async () => {
    gtag = await startGtagStandIn();
    app = await startOwnApp({
      database: 'e2e-analytics',
      catalog: 'tools/catalog/demo/demo.catalog.yaml',
      mailFrom: 'tickets@example.org',
      env: { GOOGLE_ANALYTICS_KEY: KEY, GOOGLE_ANALYTICS_SCRIPT_URL: gtag.url },
    });
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await new Promise((r) => gtag?.server.close(r));
  });

  const pageViews = () => [...gtag.commands].filter((c) => c !== undefined).filter(([kind, name]) => kind === 'event' && name === 'page_view').map(([, , data]) => (data as { page_location: string }).page_location);

  it('loads gtag.js after the first page with every consent denied first, counts each page once without its query, and sets no cookie', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) errors.push(m.text());
    });
    await page.goto(`${app!.baseUrl}/?utm_source=newsletter`, { waitUntil: 'load' });
    await expect.poll(() => pageViews(), { timeout: 15_000 }).toEqual([`${app!.baseUrl}/`]);
    expect(gtag.scripts).toEqual([`/gtag/js?id=${KEY}`]);
    expect(gtag.commands[0]).toEqual(['consent', 'default', { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' }]);
    expect(gtag.commands[1]?.[0]).toBe('js');
    expect(gtag.commands[2]).toEqual(['config', KEY, { send_page_view: false, anonymize_ip: true, client_storage: 'none', client_id: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);

    await page.locator(`a[href$="/event/${EVENT}"]`).first().click();
    await page.waitForURL((url) => url.pathname === `/event/${EVENT}`);
    await expect.poll(() => pageViews(), { timeout: 15_000 }).toEqual([`${app!.baseUrl}/`, `${app!.baseUrl}/event/${EVENT}`]);
    const [, , eventView] = gtag.commands.filter(([kind]) => kind === 'event').at(-1)!;
    expect(eventView).toMatchObject({ page_title: expect.stringContaining('TypeScript') });
    // the same tab keeps its id; nothing was stored in a cookie
    const tabIds = await page.evaluate(() => Object.values(sessionStorage));
    expect(tabIds).toContain((gtag.commands[2]![2] as { client_id: string }).client_id);
    expect((await context.cookies()).map((c) => c.name).filter((name) => name.startsWith('_ga'))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
