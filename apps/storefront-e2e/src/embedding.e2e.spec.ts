import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import type { Browser, Frame, FrameLocator, Page } from 'playwright-core';
import { bundles } from '@ticketing/i18n';
import { freePort } from '@ticketing/postgres';
import { DESKTOP, PHONE, launchBrowser } from './browser.js';
import { startOwnApp, type OwnApp } from './own-app.js';

/**
 * Embedding (issue 19 item 1; spec 1 and 4) in chromium: a host page on another origin (a loopback server of its own
 * on another port) frames the free Seeklang Studio Session of the demo catalog, whose embedding names that host
 * (enabled, notificationOrigin, hideContactData). A purchase runs inside the frame; the host page records every
 * message it receives (origin and payload). A second host on an origin the event does not name frames the same
 * page: the browser refuses it (CSP frame-ancestors), the frame renders nothing of the storefront. Screenshots at
 * 375 and 1280 px in /tmp/shots/embed-*.
 */
const t = (key: string, ...args: (string | number)[]) =>
  ((bundles.en as Record<string, string>)[key] ?? key).replace(/\{\{(\d+)\}\}/g, (_, i: string) => String(args[Number(i)] ?? ''));

const EVENT = 'seeklang-studio-session';
const SHOTS = '/tmp/shots';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';

interface Received {
  readonly origin: string;
  readonly data: { readonly status: string; readonly reservationId: string };
}

/** A host page: the storefront's event page in an iframe, and every message the frame posts, kept in window.received. */
function hostPage(src: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title>
<style>body{margin:0;font-family:sans-serif}header{padding:8px 16px;background:#234;color:#fff}iframe{display:block;width:100%;height:1400px;border:0}</style></head>
<body><header><h1>Jazz club Seefeld</h1></header><iframe title="Tickets" src="${src}"></iframe>
<script>window.received=[];addEventListener('message',function(e){window.received.push({origin:e.origin,data:e.data})});</script></body></html>`;
}

async function startHost(src: () => string): Promise<{ server: Server; origin: string }> {
  const port = await freePort();
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(hostPage(src()));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${port}` };
}

/** The demo catalog's organizers and the studio session alone, its embedding naming the host. */
function embeddingCatalog(dir: string, hostOrigin: string): string {
  const demo = parse(readFileSync('tools/catalog/demo/demo.catalog.yaml', 'utf8')) as { organizers: unknown[]; events: Record<string, unknown>[] };
  const event = demo.events.find((e) => e['shortName'] === EVENT)!;
  delete event['image'];
  const file = join(dir, 'embedding.catalog.yaml');
  writeFileSync(file, stringify({ organizers: demo.organizers, events: [{ ...event, embedding: { enabled: true, notificationOrigin: hostOrigin, hideContactData: true } }] }));
  return file;
}

describe('the storefront embedded in a host page on another origin', () => {
  let browser: Browser;
  let app: OwnApp | undefined;
  let host: { server: Server; origin: string };
  let stranger: { server: Server; origin: string };
  let dir = '';
  const eventUrl = () => `${app!.baseUrl}/event/${EVENT}?lang=en`;

  beforeAll(async () => {
    host = await startHost(eventUrl);
    stranger = await startHost(eventUrl);
    dir = mkdtempSync(join(tmpdir(), 'embed-e2e-'));
    app = await startOwnApp({ database: 'e2e-embed', catalog: embeddingCatalog(dir, host.origin), mailFrom: 'tickets@seeklang.example.org' });
    browser = await launchBrowser();
    mkdirSync(SHOTS, { recursive: true });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    for (const h of [host, stranger]) await new Promise((r) => h?.server.close(r));
    rmSync(dir, { recursive: true, force: true });
  });

  async function open(url: string, viewport = DESKTOP) {
    const context = await browser.newContext({ viewport, locale: 'en-US' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const csp: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|frame-ancestors/i.test(m.text())) csp.push(m.text());
    });
    await page.goto(url, { waitUntil: 'load' });
    return { page, errors, csp };
  }

  const frameOf = (page: Page): FrameLocator => page.frameLocator('iframe[title="Tickets"]');
  const received = (page: Page) => page.evaluate(() => (window as unknown as { received: Received[] }).received);
  const storefrontFrame = (page: Page): Frame => page.frames().find((f) => f.url().startsWith(app!.baseUrl))!;
  const waitForMessage = (page: Page, status: string) =>
    page.waitForFunction((s) => (window as unknown as { received: Received[] }).received.some((m) => m.data?.status === s), status, { timeout: 20_000 });

  async function shoot(page: Page, name: string) {
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(150);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: join(SHOTS, `embed-${name}-${viewport.width}.png`), fullPage: true });
    }
    await page.setViewportSize(DESKTOP);
  }

  /** In the frame: one livestream ticket, Continue; answers the new reservation's id. */
  async function reserveInFrame(page: Page): Promise<string> {
    const frame = frameOf(page);
    await frame.getByRole('combobox', { name: t('a11y.quantity-for', 'Livestream') }).selectOption('1');
    await frame.getByRole('button', { name: t('show-event.continue') }).click();
    await frame.getByRole('heading', { level: 1, name: t('breadcrumb.step2') }).waitFor();
    const match = new RegExp(`/reservation/(${UUID})/book`).exec(storefrontFrame(page).url());
    expect(match).not.toBeNull();
    return match![1]!;
  }

  it('runs a purchase inside the frame and tells the host PENDING, then COMPLETE, at its origin only', async () => {
    const { page, errors } = await open(host.origin);
    const frame = frameOf(page);
    await frame.getByRole('heading', { level: 1, name: /Seeklang Studio Session/ }).waitFor();
    await shoot(page, 'event');
    const id = await reserveInFrame(page);
    await waitForMessage(page, 'PENDING');
    // hideContactData, embedded: no contact asked; the attendee is the buyer
    expect(await frame.getByRole('region', { name: t('reservation-page.your-details') }).count()).toBe(0);
    const ticket = frame.getByRole('region', { name: /, ticket 1$/ });
    await ticket.getByRole('textbox', { name: new RegExp(`^${t('common.first-name')}`) }).fill('Lena');
    await ticket.getByRole('textbox', { name: new RegExp(`^${t('common.last-name')}`) }).fill('Frei');
    await ticket.getByRole('textbox', { name: new RegExp(`^${t('common.email')}`) }).fill('lena.embedded@example.org');
    await shoot(page, 'book');
    await frame.getByRole('button', { name: t('reservation-page.continue') }).click();
    await frame.getByRole('table', { name: t('reservation-page.title') }).waitFor();
    await frame.getByRole('checkbox', { name: new RegExp(t('reservation-page.tc.link.text')) }).check();
    const privacy = frame.getByRole('checkbox', { name: new RegExp(t('reservation-page.privacy.link.text')) });
    if (await privacy.count()) await privacy.check();
    await shoot(page, 'overview');
    await frame.getByRole('button', { name: t('reservation-page.confirm-free') }).click();
    await frame.getByRole('heading', { level: 1, name: new RegExp(`^${t('reservation-page-complete.header.title', '')}`) }).waitFor({ timeout: 30_000 });
    await waitForMessage(page, 'COMPLETE');
    await frame.getByText(t('reservation-page-complete.info-assign-email', 'lena.embedded@example.org')).waitFor();
    // embedded: no ways on from the success page (the host has its own)
    expect(await frame.getByRole('link', { name: t('buy-other-tickets') }).count()).toBe(0);
    expect(await frame.getByRole('link', { name: new RegExp(t('to-event-site')) }).count()).toBe(0);
    await shoot(page, 'success');
    // a modal in the frame: the release confirmation; Escape closes it and gives the focus back to its button
    const release = frame.getByRole('button', { name: t('reservation-page-complete.release-button.text') });
    await release.click();
    const releaseDialog = frame.getByRole('dialog', { name: t('reservation-page-complete.confirm-cancellation.title') });
    await releaseDialog.waitFor();
    expect(await releaseDialog.getAttribute('aria-modal')).toBe('true');
    await shoot(page, 'release-dialog');
    await page.keyboard.press('Escape');
    await releaseDialog.waitFor({ state: 'detached' });
    expect(await release.evaluate((button) => button === document.activeElement)).toBe(true);

    const messages = await received(page);
    expect(messages.length).toBeGreaterThanOrEqual(2);
    for (const message of messages) {
      expect(message.origin).toBe(app!.baseUrl);
      expect(message.data).toEqual({ status: expect.any(String), reservationId: id });
    }
    const statuses = messages.map((m) => m.data.status);
    expect(statuses[0]).toBe('PENDING');
    expect(statuses.at(-1)).toBe('COMPLETE');
    expect(new Set(statuses).size).toBe(statuses.length);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('tells the host CANCELLED when the visitor cancels in the frame', async () => {
    const { page } = await open(host.origin);
    const id = await reserveInFrame(page);
    await waitForMessage(page, 'PENDING');
    const frame = frameOf(page);
    await frame.getByRole('button', { name: t('reservation-page.cancel-reservation') }).click();
    const dialog = frame.getByRole('dialog', { name: t('reservation-page.cancel-reservation.confirmation.title') });
    await dialog.waitFor();
    await shoot(page, 'cancel-dialog');
    await dialog.getByRole('button', { name: t('common.yes') }).click();
    await waitForMessage(page, 'CANCELLED');
    expect((await received(page)).map((m) => [m.origin, m.data])).toEqual([
      [app!.baseUrl, { status: 'PENDING', reservationId: id }],
      [app!.baseUrl, { status: 'CANCELLED', reservationId: id }],
    ]);
    await page.context().close();
  });

  it('is refused by a host on an origin the event does not name: the frame renders nothing', async () => {
    const { page, csp } = await open(stranger.origin);
    await page.waitForTimeout(1500);
    // the frame's document is the browser's error page, not the storefront
    expect(page.frames().some((f) => f !== page.mainFrame() && f.url().startsWith(app!.baseUrl) && f.url() !== 'about:blank')).toBe(false);
    expect(await frameOf(page).getByRole('heading', { name: /Seeklang Studio Session/ }).count()).toBe(0);
    expect(csp.some((text) => text.includes('frame-ancestors'))).toBe(true);
    // the same page, opened on its own, is there
    const direct = await page.context().newPage();
    const response = await direct.goto(`${app!.baseUrl}/event/${EVENT}?lang=en`);
    expect(response?.headers()['content-security-policy']).toContain(`frame-ancestors 'self' ${host.origin}`);
    await direct.getByRole('heading', { level: 1, name: /Seeklang Studio Session/ }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'embed-refused-1280.png') });
    await page.context().close();
  });
});
