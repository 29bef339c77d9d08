import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { PNG } from 'pngjs';
import { decodeQr } from '@ticketing/documents/testing';
import { bundles } from '@ticketing/i18n';
import { axeViolations } from './axe.js';
import { DESKTOP, PHONE, launchBrowser } from './browser.js';
import { startOwnApp, type OwnApp } from './own-app.js';

/**
 * Attendee polls (reference 49-51) as an attendee of an in-person event meets them, in chromium against the built
 * app with the demo catalog: a free ticket of the TypeScript meetup is bought, its QR code is scanned at the door
 * (the organizer API, as door staff's scanner calls it), the ticket's page then shows the poll PIN and leads to the
 * open poll, and the attendee votes with the keyboard alone; the results count one vote however often it changes.
 */
const t = (key: string, ...args: (string | number)[]) =>
  ((bundles.en as Record<string, string>)[key] ?? key).replace(/\{\{(\d+)\}\}/g, (_, i: string) => String(args[Number(i)] ?? ''));

const EVENT = 'meetup-typescript-event-sourcing';
const API_KEY = 'e2e-polls-organizer-key-0123456789';
type Headers = Record<string, string>;

describe('attendee polls, from the door to the vote', () => {
  let browser: Browser;
  let app: OwnApp | undefined;

  beforeAll(async () => {
    app = await startOwnApp({
      database: 'e2e-polls',
      catalog: 'tools/catalog/demo/demo.catalog.yaml',
      mailFrom: 'tickets@example.org',
      env: { ORGANIZER_API_KEYS: `milano-dev:${API_KEY}` },
    });
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function call<T>(method: 'GET' | 'POST', path: string, headers: Headers, body?: unknown): Promise<T> {
    const response = await fetch(`${app!.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return JSON.parse(text) as T;
  }

  /** A complete free order of one "Talks only" ticket, through the public API as the storefront makes it. */
  async function freeTicket(): Promise<string> {
    const session = await fetch(`${app!.baseUrl}/api/v2/public/i18n/languages`);
    const headers = { 'X-Auth-Token': session.headers.get('x-auth-token')!, 'X-CSRF-TOKEN': session.headers.get('xsrf-token')!, 'Content-Type': 'application/json' };
    const items = await call<{ ticketCategories: { id: number; free: boolean }[] }>('GET', `/api/v2/public/event/${EVENT}/ticket-categories`, headers);
    const free = items.ticketCategories.find((c) => c.free)!;
    const { value: id } = await call<{ value: string }>('POST', `/api/v2/public/event/${EVENT}/reserve-tickets?lang=en`, headers, { reservation: [{ ticketCategoryId: free.id, amount: 1 }] });
    const view = await call<{ ticketsByCategory: { tickets: { uuid: string }[] }[] }>('GET', `/api/v2/public/reservation/${id}`, headers);
    const ticket = view.ticketsByCategory[0]!.tickets[0]!.uuid;
    const ada = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' };
    await call('POST', `/api/v2/public/reservation/${id}/validate-to-overview?lang=en`, headers, { ...ada, tickets: { [ticket]: { ...ada, additional: {} } }, additionalServices: {} });
    await call('POST', `/api/v2/public/reservation/${id}?lang=en`, headers, { paymentProxy: 'NONE', selectedPaymentMethod: 'NONE', termAndConditionsAccepted: true, privacyPolicyAccepted: true });
    return ticket;
  }

  /** What door staff's scanner does: read the QR code of the ticket and send its text to the organizer API. */
  async function scanAtDoor(ticket: string): Promise<{ result: string; ticket: { pollPin: string } }> {
    const png = PNG.sync.read(Buffer.from(await (await fetch(`${app!.baseUrl}/api/v2/public/event/${EVENT}/ticket/${ticket}/code.png`)).arrayBuffer()));
    const code = decodeQr({ width: png.width, height: png.height, rgba: new Uint8ClampedArray(png.data) })!;
    const answer = await call<{ value: { result: string; ticket: { pollPin: string } } }>('POST', `/api/v2/organizer/events/${EVENT}/check-in`, { Authorization: `ApiKey ${API_KEY}`, 'Content-Type': 'application/json' }, { code });
    return answer.value;
  }

  it('shows the PIN on the checked-in ticket, opens the poll with it and counts the latest vote, by keyboard, at both widths', async () => {
    const ticket = await freeTicket();
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // before the door: no PIN on the ticket's page
    await page.goto(`${app!.baseUrl}/event/${EVENT}/ticket/${ticket}/view`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect(page.getByRole('link', { name: t('ticket.poll-link') }).count()).resolves.toBe(0);

    const scanned = await scanAtDoor(ticket);
    expect(scanned.result).toBe('CHECKED_IN');
    await page.reload();
    await page.getByText(t('ticket.poll-pin', scanned.ticket.pollPin)).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // the link hands the PIN over: the open poll is listed without typing it (the PIN is not in the address)
    await page.getByRole('link', { name: t('ticket.poll-link') }).click();
    await page.waitForURL((url) => url.pathname === `/event/${EVENT}/poll`);
    expect(page.url()).not.toContain(scanned.ticket.pollPin);
    // taken once from the history entry: Back or a reload cannot bring it over a PIN typed since
    await expect.poll(() => page.evaluate(() => (history.state as { pollPin?: string } | null)?.pollPin ?? null)).toBeNull();
    const question = page.getByRole('link', { name: 'Which talk would you like at the next meetup?' });
    await question.waitFor();
    await expect(page.getByRole('link', { name: 'How was the pizza?' }).count()).resolves.toBe(0); // a DRAFT
    expect(await axeViolations(page)).toEqual([]);
    await question.focus();
    await page.keyboard.press('Enter');

    // the poll: a radio group; arrows choose, Enter votes
    const group = page.getByRole('group', { name: t('poll.your-choice') });
    await group.waitFor();
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    }
    await group.getByRole('radio').first().focus();
    await page.keyboard.press('ArrowDown');
    await expect(group.getByRole('radio', { name: /Event Sourcing with KurrentDB/ }).isChecked()).resolves.toBe(true);
    await page.getByRole('button', { name: t('poll.vote-button') }).focus();
    await page.keyboard.press('Enter');
    await page.getByText(t('poll.vote-recorded')).waitFor();
    await page.getByText(t('poll.your-answer', 'Event Sourcing with KurrentDB')).waitFor();

    // changing the vote: the latest counts, once
    await page.getByRole('button', { name: t('poll.vote-again') }).click();
    await group.getByRole('radio', { name: /Testing projections and replays/ }).check();
    await page.getByRole('button', { name: t('poll.vote-button') }).click();
    await page.getByText(t('poll.your-answer', 'Testing projections and replays')).waitFor();
    const { rows } = await app!.database.db.query<{ poll_id: number; option_id: number; votes: number }>(
      'select poll_id, option_id, votes from ticketing_poll_results where short_name = $1 and votes > 0',
      [EVENT],
    );
    expect(rows).toEqual([{ poll_id: 1, option_id: 3, votes: 1 }]);

    // a second scan at the door lets nobody in twice
    expect((await scanAtDoor(ticket)).result).toBe('ALREADY_CHECKED_IN');
    expect(errors).toEqual([]);
    await context.close();
  });
});
