import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { bundles } from '@ticketing/i18n';
import { DESKTOP, PHONE, launchBrowser } from './browser.js';
import { axeViolations } from './axe.js';

/**
 * The reservation pages after the purchase (success, bank transfer, not found) and the status guard, in chromium
 * against the running app with the demo catalog. The reservations are set up through the public API as the
 * storefront would make them (reserve, validate-to-overview, confirm), and the organizer confirms a bank transfer
 * through the organizer API, as its bookkeeping would.
 */
const baseUrl = inject('baseUrl');
const organizerApiKey = inject('organizerApiKey');
const en = bundles.en;
const WINTER = 'seeklang-winterfestival-2027';
const PASS = 'Festival pass (3 days)';
const BANK_ACCOUNT = 'IBAN CH93 0076 2011 6238 5295 7';

const t = (key: string, ...args: (string | number)[]) =>
  (en[key] ?? key).replace(/\{\{(\d+)\}\}/g, (_, i: string) => String(args[Number(i)] ?? ''));

// ---- the API, as the storefront calls it (reference 1.4: a first GET hands out the session and anti-forgery tokens)

type Headers = Record<string, string>;

async function openSession(): Promise<Headers> {
  const response = await fetch(`${baseUrl}/api/v2/public/i18n/languages`);
  const token = response.headers.get('x-auth-token');
  const xsrf = response.headers.get('xsrf-token');
  if (!token || !xsrf) throw new Error(`no session tokens (${response.status})`);
  return { 'X-Auth-Token': token, 'X-CSRF-TOKEN': xsrf, 'Content-Type': 'application/json' };
}

async function call<T>(method: 'GET' | 'POST', path: string, headers: Headers, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

interface Reservation {
  readonly id: string;
  readonly shortId: string;
  readonly status: string;
  readonly ticketsByCategory: { tickets: { uuid: string }[] }[];
  readonly additionalServiceWithData: { itemId: number }[];
  readonly orderSummary: { totalPrice: string };
}

/** One Festival pass on the Winterfestival, held (PENDING, booking step). */
async function reserve(headers: Headers): Promise<string> {
  const items = await call<{ ticketCategories: { id: number; localizedName: Record<string, string> }[] }>('GET', `/api/v2/public/event/${WINTER}/ticket-categories`, headers);
  const category = items.ticketCategories.find((c) => c.localizedName['en'] === PASS);
  if (!category) throw new Error(`no category ${PASS}`);
  const answer = await call<{ value: string }>('POST', `/api/v2/public/event/${WINTER}/reserve-tickets?lang=en`, headers, {
    reservation: [{ ticketCategoryId: category.id, amount: 1 }],
  });
  return answer.value;
}

const reservationOf = (id: string, headers: Headers) => call<Reservation>('GET', `/api/v2/public/reservation/${id}`, headers);

/** The booking step done: contact and attendee validated, the mandatory cleaning fee linked to the ticket (PENDING, overview step). */
async function validate(id: string, headers: Headers): Promise<void> {
  const reservation = await reservationOf(id, headers);
  const uuid = reservation.ticketsByCategory[0]!.tickets[0]!.uuid;
  const answer = await call<{ success: boolean }>('POST', `/api/v2/public/reservation/${id}/validate-to-overview?lang=en`, headers, {
    email: 'grace@example.org',
    firstName: 'Grace',
    lastName: 'Hopper',
    tickets: { [uuid]: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', additional: {} } },
    additionalServices: { [uuid]: reservation.additionalServiceWithData.map((item) => ({ additionalServiceItemId: item.itemId, ticketUUID: uuid, additional: {} })) },
  });
  expect(answer.success).toBe(true);
}

/** The overview confirmed with a bank transfer (OFFLINE_PAYMENT). */
async function confirmWithBankTransfer(id: string, headers: Headers): Promise<void> {
  await call('POST', `/api/v2/public/reservation/${id}?lang=en`, headers, {
    paymentProxy: 'OFFLINE',
    selectedPaymentMethod: 'BANK_TRANSFER',
    termAndConditionsAccepted: true,
    privacyPolicyAccepted: true,
  });
}

/** The organizer saw the transfer arrive (COMPLETE). */
async function organizerConfirmsPayment(id: string): Promise<void> {
  const answer = await call<{ value: string }>('POST', `/api/v2/organizer/reservations/${id}/confirm-payment`, { Authorization: `ApiKey ${organizerApiKey}` });
  expect(answer.value).toBe('CONFIRMED');
}

async function bankTransferReservation(): Promise<string> {
  const headers = await openSession();
  const id = await reserve(headers);
  await validate(id, headers);
  await confirmWithBankTransfer(id, headers);
  expect((await reservationOf(id, headers)).status).toBe('OFFLINE_PAYMENT');
  return id;
}

// ---- the browser

/** Screenshots are for people to look at: SCREENSHOT_DIR, else screenshots/ (ignored by git). */
async function shoot(page: Page, name: string) {
  const dir = process.env['SCREENSHOT_DIR'] ?? join(process.cwd(), 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

describe('the reservation pages in chromium, on the demo catalog', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  const reservationPath = (id: string, page: string) => `/event/${WINTER}/reservation/${id}/${page}`;

  async function open(path: string, viewport = DESKTOP) {
    const context = await browser.newContext({ viewport, locale: 'en-US' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      // A 404 of the status lookup is how the server says 'not found'; the browser logs it as a failed resource.
      if (m.type() === 'error' && !m.text().includes('404')) errors.push(m.text());
    });
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    return { page, errors };
  }

  async function expectAccessibleAndFitting(page: Page) {
    expect(await axeViolations(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }

  const headings = (page: Page) => page.locator('main h1, main h2, main h3').evaluateAll((els) => els.map((e) => e.tagName));

  it('sends the booking step of a validated reservation to the overview', async () => {
    const headers = await openSession();
    const id = await reserve(headers);
    await validate(id, headers);
    const { page } = await open(reservationPath(id, 'book'));
    await page.waitForURL((url) => url.pathname === reservationPath(id, 'overview'));
    await page.context().close();
  });

  it('shows the bank transfer details, then turns into the success page once the organizer confirms the payment', async () => {
    const id = await bankTransferReservation();
    const total = `${(await reservationOf(id, await openSession())).orderSummary.totalPrice} CHF`;
    const { page, errors } = await open(reservationPath(id, 'success'));
    // the guard: a bank transfer waits on its own page
    await page.waitForURL((url) => url.pathname === reservationPath(id, 'waiting-payment'));
    await page.getByRole('heading', { level: 1, name: t('reservation-page-waiting.header.title') }).waitFor();
    const reason = id.slice(0, 8).toUpperCase();
    const details = page.locator('dl');
    expect(await details.getByText(BANK_ACCOUNT, { exact: true }).isVisible()).toBe(true);
    expect(await details.getByText('Verein Seeklang Zürich', { exact: true }).isVisible()).toBe(true);
    expect(await details.getByText(reason, { exact: true }).isVisible()).toBe(true);
    expect(await details.getByText(total, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 2, name: /^Payment required no later than \d/ }).isVisible()).toBe(true);
    expect(await page.getByRole('status').filter({ hasText: t('reservation-page-waiting.auto-update') }).isVisible()).toBe(true);
    expect(await headings(page)).toEqual(['H1', 'H2', 'H2']);
    await expectAccessibleAndFitting(page);
    await shoot(page, 'reservation-waiting-payment-desktop');
    await page.setViewportSize(PHONE);
    await expectAccessibleAndFitting(page);
    await shoot(page, 'reservation-waiting-payment-phone');

    await organizerConfirmsPayment(id);
    // the page polls every 5 s
    await page.waitForURL((url) => url.pathname === reservationPath(id, 'success'), { timeout: 15_000 });
    await page.getByText(t('reservation-page-waiting.payment-received')).waitFor();
    await page.getByRole('heading', { level: 1, name: t('reservation-page-complete.header.title', 'Seeklang Winter Festival 2027') }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows the success page of a paid order: confirmation, tickets, order, resend, and the way back', async () => {
    const id = await bankTransferReservation();
    const total = `${(await reservationOf(id, await openSession())).orderSummary.totalPrice} CHF`;
    await organizerConfirmsPayment(id);
    // the guard: the booking step of a complete order is its success page
    const { page, errors } = await open(reservationPath(id, 'book'));
    await page.waitForURL((url) => url.pathname === reservationPath(id, 'success'));
    await page.getByRole('heading', { level: 1, name: t('reservation-page-complete.header.title', 'Seeklang Winter Festival 2027') }).waitFor();
    expect(await page.getByText(t('reservation-page-complete.info-assign-email', 'grace@example.org')).isVisible()).toBe(true);
    const tickets = page.getByRole('region', { name: t('reservation-page-complete.your-tickets') });
    expect(await tickets.getByRole('heading', { level: 3, name: PASS }).isVisible()).toBe(true);
    expect(await tickets.getByText(t('reservation-page-complete.assigned-to', 'Ada Lovelace', 'ada@example.org')).isVisible()).toBe(true);
    const order = page.getByRole('region', { name: t('reservation-page.title') });
    expect(await order.getByRole('row', { name: new RegExp(`^${t('reservation-page.total')}`) }).textContent()).toContain(total);
    // paid, no invoice asked for: the receipt (spec 6)
    expect(await page.getByRole('link', { name: t('reservation-page-complete.download-your-receipt') }).getAttribute('href')).toBe(`/api/v2/public/event/${WINTER}/reservation/${id}/receipt`);
    // each ticket's actions by its flags: a paid in-person ticket is updated, shown, downloaded and sent, not released
    const actions = tickets.getByRole('group', { name: `${t('reservation-page-complete.ticket-nr')}1` });
    expect([...(await actions.getByRole('link').allTextContents()), ...(await actions.getByRole('button').allTextContents())]).toEqual(
      ['update', 'show-ticket', 'download-ticket', 'send-ticket-by-email'].map((key) => t(`reservation-page-complete.${key}`)),
    );
    expect(await page.getByRole('link', { name: t('buy-other-tickets') }).getAttribute('href')).toBe(`/event/${WINTER}`);
    expect(await page.getByRole('link', { name: new RegExp(t('to-event-site')) }).getAttribute('href')).toBe('https://seeklang.example.org/winter-2027');
    expect(await headings(page)).toEqual(['H1', 'H2', 'H3', 'H2']);
    await expectAccessibleAndFitting(page);
    await shoot(page, 'reservation-success-desktop');

    await page.setViewportSize(PHONE);
    await expectAccessibleAndFitting(page);
    await shoot(page, 'reservation-success-phone');

    // by keyboard: the resend button is reachable and says it sent the e-mail
    const resend = page.getByRole('button', { name: t('reservation-page-complete.resend-reservation-email') });
    await resend.focus();
    const resent = page.waitForResponse((r) => r.url().includes('/re-send-email'));
    await page.keyboard.press('Enter');
    const answer = await resent;
    expect(`${answer.status()} ${await answer.text()}`).toBe('200 true');
    await page.getByRole('status').filter({ hasText: t('email.confirmation-email-sent') }).waitFor();

    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows not-found for an unknown reservation, with its short id and the way back to the event', async () => {
    const id = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
    const { page, errors } = await open(reservationPath(id, 'book'));
    await page.waitForURL((url) => url.pathname === reservationPath(id, 'not-found'));
    await page.getByRole('heading', { level: 1, name: t('reservation-page-not-found.header.title') }).waitFor();
    expect(await page.getByText(t('reservation-page-not-found.reservation-with-id-does-not-exist', '0A1B2C3D')).isVisible()).toBe(true);
    await expectAccessibleAndFitting(page);
    await shoot(page, 'reservation-not-found-desktop');
    await page.setViewportSize(PHONE);
    await expectAccessibleAndFitting(page);
    await shoot(page, 'reservation-not-found-phone');
    await page.getByRole('link', { name: t('reservation-page-not-found.go-back-to-event') }).click();
    await page.waitForURL((url) => url.pathname === `/event/${WINTER}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows the error and deferred-payment pages, accessible and fitting (statuses the demo cannot reach are played)', async () => {
    const id = await bankTransferReservation();
    const context = await browser.newContext({ viewport: PHONE, locale: 'en-US' });
    const page = await context.newPage();
    let played = 'STUCK';
    // Only the status answer is played (and the view's status with it); the rest is the real reservation.
    await page.route(`**/api/v2/public/reservation/${id}/status`, (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ status: played, validatedBookingInformation: true }) }),
    );
    await page.route(`**/api/v2/public/reservation/${id}`, async (route) => {
      const response = await route.fetch();
      route.fulfill({ response, json: { ...(await response.json()), status: played } });
    });
    await page.goto(`${baseUrl}${reservationPath(id, 'success')}`, { waitUntil: 'networkidle' });
    await page.waitForURL((url) => url.pathname === reservationPath(id, 'error'));
    await page.getByRole('heading', { level: 1, name: t('reservation-page-error-status.header.title') }).waitFor();
    expect(await page.getByRole('link', { name: 'seeklang@example.org' }).getAttribute('href')).toBe('mailto:seeklang@example.org');
    expect(await page.getByText(id, { exact: true }).isVisible()).toBe(true);
    await expectAccessibleAndFitting(page);
    await shoot(page, 'reservation-error-phone');

    played = 'DEFERRED_OFFLINE_PAYMENT';
    await page.goto(`${baseUrl}${reservationPath(id, 'success')}`, { waitUntil: 'networkidle' });
    await page.waitForURL((url) => url.pathname === reservationPath(id, 'deferred-payment'));
    await page.getByRole('heading', { level: 1, name: t('reservation-page.offline.deferred.success.title') }).waitFor();
    await expectAccessibleAndFitting(page);
    await shoot(page, 'reservation-deferred-payment-phone');
    await context.close();
  });

  it('leads the legacy waitingPayment address to the bank transfer page', async () => {
    const id = await bankTransferReservation();
    const { page } = await open(reservationPath(id, 'waitingPayment'));
    await page.waitForURL((url) => url.pathname === reservationPath(id, 'waiting-payment'));
    await page.getByRole('heading', { level: 1, name: t('reservation-page-waiting.header.title') }).waitFor();
    await page.context().close();
  });
});
