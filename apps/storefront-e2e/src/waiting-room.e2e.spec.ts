import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { bundles } from '@ticketing/i18n';
import { DESKTOP, launchBrowser } from './browser.js';
import { axeViolations } from './axe.js';
import { startOwnApp, type OwnApp } from './own-app.js';

/**
 * The waiting room (issue 20) in chromium against an app of this spec's own: a free concert with a waiting room
 * letting 6 buyers a minute in. Two buyers wait on the event page before the opening (imported far ahead, then moved
 * to a few seconds ahead through the organizer API: the room follows the catalog until its draw), are drawn into
 * line, admitted one after the other in the drawn order (each page moves on to the tickets by itself) and each buys a
 * ticket. A third, a script calling reserve-tickets without queueing, is refused 403 with the queue's header.
 * Screenshots in /tmp/shots/waiting-room-*.
 */
const t = (key: string, ...args: (string | number)[]) =>
  ((bundles.en as Record<string, string>)[key] ?? key).replace(/\{\{(\d+)\}\}/g, (_, i: string) => String(args[Number(i)] ?? ''));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const EVENT = 'e2e-queued-concert';
const API_KEY = 'e2e-queue-key-5b2f17c9';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';
const stepPath = (step: string) => new RegExp(`^/event/${EVENT}/reservation/(${UUID})/${step}$`);
const SHOTS = '/tmp/shots';

let app: OwnApp | undefined;
let baseUrl = '';

/** The catalog with the room opening at `opensAt` (UTC wall clock); JSON, which is YAML too. */
const catalog = (opensAt: Date) => ({
  organizers: [{ slug: 'e2e-queue', name: 'Queue Test Organizer', email: 'queue@e2e.example' }],
  events: [
    {
      shortName: EVENT,
      organizer: 'e2e-queue',
      title: { en: 'Rush Night' },
      location: 'Main hall, 1 Loopback Road',
      start: '2030-06-01T20:00',
      end: '2030-06-01T22:00',
      timeZone: 'UTC',
      currency: 'CHF',
      contentLanguages: ['en'],
      waitingRoom: { opensAt: opensAt.toISOString().slice(0, 19), admissionsPerMinute: 6, tokenValidityMinutes: 10 },
      capacities: [{ key: 'hall', size: 10 }],
      categories: [{ key: 'free', name: { en: 'Free entry' }, price: 0, capacity: 'hall', maxPerReservation: 2 }],
    },
  ],
});

function writeCatalog(opensAt: Date): string {
  const file = join('/tmp', `waiting-room-${process.pid}.catalog.yaml`);
  writeFileSync(file, JSON.stringify(catalog(opensAt)));
  return file;
}

/** Moves the opening, as the organizer's tools would. */
async function reopenAt(opensAt: Date): Promise<void> {
  const answer = await fetch(`${baseUrl}/api/v2/organizer/catalog`, {
    method: 'PUT',
    headers: { Authorization: `ApiKey ${API_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(catalog(opensAt)),
  });
  expect(answer.status).toBe(200);
}

interface RoomStatus {
  state: string;
  position: number | null;
  tokenExpiresAt: string | null;
}

/** The page's own status call (its session token from the page), as the page polls it. */
const statusOf = (page: Page): Promise<RoomStatus> =>
  page.evaluate(async (url) => {
    const session = document.querySelector<HTMLMetaElement>('meta[name="GID"]')?.content ?? '';
    return (await fetch(url, { headers: { 'X-Auth-Token': session } })).json();
  }, `/api/v2/public/event/${EVENT}/waiting-room`);

describe('the waiting room in chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    app = await startOwnApp({
      database: 'e2e-waiting-room',
      catalog: writeCatalog(new Date(Date.now() + 3_600_000)),
      mailFrom: 'queue@e2e.example',
      env: { QUEUE_ADMISSION_INTERVAL_MS: '500', ORGANIZER_API_KEYS: `e2e-queue:${API_KEY}` },
    });
    baseUrl = app.baseUrl;
    browser = await launchBrowser();
    mkdirSync(SHOTS, { recursive: true });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function open(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US', reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error' || /Content Security Policy/i.test(m.text())) errors.push(m.text());
    });
    return { context, page, errors };
  }

  /** Books the chosen ticket through the booking step and the overview, to the success page. */
  async function buy(page: Page, name: string, email: string): Promise<void> {
    await page.getByRole('combobox', { name: t('a11y.quantity-for', 'Free entry') }).selectOption('1');
    await page.getByRole('button', { name: t('show-event.continue') }).click();
    await page.waitForURL((url) => stepPath('book').test(url.pathname), { timeout: 20_000 });
    const contact = page.getByRole('region', { name: t('reservation-page.your-details') });
    const field = (key: string) => contact.getByRole('textbox', { name: new RegExp(`^${escape(t(key))}`) });
    await field('common.first-name').fill(name);
    await field('common.last-name').fill('Queue');
    await field('common.email').fill(email);
    await page.getByRole('button', { name: t('reservation-page.continue') }).click();
    await page.waitForURL((url) => stepPath('overview').test(url.pathname), { timeout: 20_000 });
    await page.getByRole('checkbox', { name: new RegExp(t('reservation-page.tc.link.text')) }).check();
    const privacy = page.getByRole('checkbox', { name: new RegExp(t('reservation-page.privacy.link.text')) });
    if (await privacy.count()) await privacy.check();
    await page.getByRole('button', { name: t('reservation-page.confirm-free') }).click();
    await page.waitForURL((url) => stepPath('success').test(url.pathname), { timeout: 20_000 });
  }

  it('two buyers who came before the opening are drawn into line, admitted in the drawn order, and buy; a script without a token is refused', async () => {
    const buyers = [await open(), await open()];
    for (const { page } of buyers) await page.goto(`${baseUrl}/event/${EVENT}`, { waitUntil: 'networkidle' });
    const [first] = buyers;
    for (const { page } of buyers) {
      const region = page.getByRole('region', { name: t('waiting-room.title') });
      await region.getByRole('status').getByText(/^The sale opens on/).waitFor();
    }
    const room = first!.page.getByRole('region', { name: t('waiting-room.title') });
    expect((await Promise.all(buyers.map(({ page }) => statusOf(page)))).map((s) => s.state)).toEqual(['WAITING_FOR_DRAW', 'WAITING_FOR_DRAW']);
    // the live region is polite, and nothing of the selection is offered before admission
    expect(await room.getByRole('status').getAttribute('aria-live')).toBe('polite');
    expect(await first!.page.getByRole('button', { name: t('show-event.continue') }).count()).toBe(0);
    expect(await axeViolations(first!.page)).toEqual([]);
    await first!.page.screenshot({ path: join(SHOTS, 'waiting-room-before-opening.png'), fullPage: true });

    // a third visitor skips the page and calls reserve-tickets directly: refused, told to queue
    const session = await fetch(`${baseUrl}/api/v2/public/event/${EVENT}`);
    const headers = { 'X-Auth-Token': session.headers.get('x-auth-token')!, 'X-CSRF-TOKEN': session.headers.get('xsrf-token')!, 'Content-Type': 'application/json' };
    const items = (await (await fetch(`${baseUrl}/api/v2/public/event/${EVENT}/ticket-categories`, { headers })).json()) as { ticketCategories: { id: number }[] };
    const direct = await fetch(`${baseUrl}/api/v2/public/event/${EVENT}/reserve-tickets?lang=en`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ reservation: [{ ticketCategoryId: items.ticketCategories[0]!.id, amount: 1 }] }),
    });
    expect(direct.status).toBe(403);
    expect(direct.headers.get('alfio-queue-token-missing')).toBe('waiting-room');

    // the organizer opens the sale in a few seconds; both have a drawn place then, and each page moves on to the
    // tickets by itself when admitted (6 a minute: one every 10 s)
    await reopenAt(new Date(Date.now() + 5_000));
    await Promise.all(buyers.map(({ page }) => page.getByRole('heading', { level: 2, name: t('show-event.tickets') }).waitFor({ timeout: 90_000 })));
    const statuses = await Promise.all(buyers.map(({ page }) => statusOf(page)));
    expect(statuses.map((s) => s.state)).toEqual(['ADMITTED', 'ADMITTED']);
    expect(statuses.map((s) => s.position).sort()).toEqual([1, 2]);
    // admitted in the drawn order: place 1 first (a token's validity runs from its admission). When each page saw it
    // depends on its own polling, not on the order.
    const byPosition = [0, 1].sort((a, b) => statuses[a]!.position! - statuses[b]!.position!);
    expect(Date.parse(statuses[byPosition[0]!]!.tokenExpiresAt!)).toBeLessThan(Date.parse(statuses[byPosition[1]!]!.tokenExpiresAt!));
    // the turn is announced by moving the focus to the tickets
    expect(await buyers[byPosition[0]!]!.page.evaluate(() => document.activeElement?.id)).toBe('event-tickets-title');
    await buyers[byPosition[0]!]!.page.screenshot({ path: join(SHOTS, 'waiting-room-admitted.png'), fullPage: true });

    for (const [i, { page }] of buyers.entries()) await buy(page, `Buyer${i + 1}`, `buyer${i + 1}@e2e.example`);
    const left = (await (await fetch(`${baseUrl}/api/v2/public/event/${EVENT}/ticket-categories`)).json()) as { ticketCategories: { availableTickets: number | null }[] };
    expect(left.ticketCategories).toHaveLength(1);
    for (const { errors, context } of buyers) {
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 240_000);
});
