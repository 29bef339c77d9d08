import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { decodeQr, pdfImages, pdfText } from '@ticketing/documents/testing';
import { bundles } from '@ticketing/i18n';
import { DESKTOP, PHONE, launchBrowser } from './browser.js';
import { axeViolations } from './axe.js';
import { startOwnApp, type OwnApp } from './own-app.js';

/**
 * A ticket after the purchase (issue 14, spec 2, 4, 6, 8) in chromium against an app of this spec's own, so that it
 * reads the e-mails the app sends (a real SMTP catcher in this process) and sells from a catalog it knows
 * (tickets.catalog.yaml: a free concert whose tickets may be released, 20 places shown as they are left, and an
 * online session whose join link opens on 1 June 2030). Orders are made through the public API as the storefront
 * makes them; what happens to their tickets happens in the browser.
 */
const t = (key: string, ...args: (string | number)[]) =>
  ((bundles.en as Record<string, string>)[key] ?? key).replace(/\{\{(\d+)\}\}/g, (_, i: string) => String(args[Number(i)] ?? ''));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const CONCERT = 'e2e-free-concert';
const CONCERT_TITLE = 'Free Concert in the Park';
const ONLINE = 'e2e-online-session';
const SHOTS = '/tmp/shots';

let baseUrl = '';
let app: OwnApp | undefined;

// ---- the app of this spec: the build of the browser tests' global setup, a database, an SMTP catcher, the catalog

async function startApp(): Promise<void> {
  app = await startOwnApp({ database: 'e2e-tickets', catalog: 'apps/storefront-e2e/src/tickets.catalog.yaml', mailFrom: 'tickets@e2e.example' });
  baseUrl = app.baseUrl;
}

async function stopApp(): Promise<void> {
  await app?.stop();
}

// ---- orders through the public API, as the storefront makes them (reference 1.4: a first GET gives the tokens)

type Headers = Record<string, string>;

async function openSession(): Promise<Headers> {
  const response = await fetch(`${baseUrl}/api/v2/public/i18n/languages`);
  return { 'X-Auth-Token': response.headers.get('x-auth-token')!, 'X-CSRF-TOKEN': response.headers.get('xsrf-token')!, 'Content-Type': 'application/json' };
}

async function call<T>(method: 'GET' | 'POST', path: string, headers: Headers, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

interface Holder {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
}

/** A complete free order of `holders.length` tickets of the event's only category, each with its holder. */
async function freeOrder(event: string, holders: readonly Holder[]): Promise<{ id: string; tickets: string[] }> {
  const headers = await openSession();
  const items = await call<{ ticketCategories: { id: number }[] }>('GET', `/api/v2/public/event/${event}/ticket-categories`, headers);
  const reserved = await call<{ value: string }>('POST', `/api/v2/public/event/${event}/reserve-tickets?lang=en`, headers, {
    reservation: [{ ticketCategoryId: items.ticketCategories[0]!.id, amount: holders.length }],
  });
  const id = reserved.value;
  const view = await call<{ ticketsByCategory: { tickets: { uuid: string }[] }[] }>('GET', `/api/v2/public/reservation/${id}`, headers);
  const tickets = view.ticketsByCategory.flatMap((c) => c.tickets.map((ticket) => ticket.uuid));
  const validated = await call<{ success: boolean }>('POST', `/api/v2/public/reservation/${id}/validate-to-overview?lang=en`, headers, {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@e2e.example',
    tickets: Object.fromEntries(tickets.map((uuid, i) => [uuid, { ...holders[i], additional: {} }])),
    additionalServices: {},
  });
  expect(validated.success).toBe(true);
  await call('POST', `/api/v2/public/reservation/${id}?lang=en`, headers, { paymentProxy: 'NONE', selectedPaymentMethod: 'NONE', termAndConditionsAccepted: true, privacyPolicyAccepted: true });
  expect((await call<{ status: string }>('GET', `/api/v2/public/reservation/${id}/status`, headers)).status).toBe('COMPLETE');
  return { id, tickets };
}

/** The text of a ticket's QR code, read from the server's code.png. */
async function ticketCodeOf(event: string, ticket: string): Promise<string> {
  const png = PNG.sync.read(Buffer.from(await (await fetch(`${baseUrl}/api/v2/public/event/${event}/ticket/${ticket}/code.png`)).arrayBuffer()));
  const code = decodeQr({ width: png.width, height: png.height, rgba: new Uint8ClampedArray(png.data) });
  if (!code) throw new Error('code.png holds no QR code');
  return code;
}

const availableTickets = async (event: string) =>
  (await call<{ ticketCategories: { availableTickets: number }[] }>('GET', `/api/v2/public/event/${event}/ticket-categories`, {})).ticketCategories[0]!.availableTickets;

const mailsTo = (to: string, count: number) => app!.mailsTo(to, count);

// ---- the browser

describe('a ticket after the purchase, in chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    await startApp();
    browser = await launchBrowser();
    mkdirSync(SHOTS, { recursive: true });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await stopApp();
  });

  async function open(viewport = DESKTOP, options: Parameters<Browser['newContext']>[0] = {}): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await browser.newContext({ viewport, locale: 'en-US', acceptDownloads: true, ...options });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error' || /Content Security Policy/i.test(m.text())) errors.push(m.text());
    });
    return { context, page, errors };
  }

  /** No axe violation, nothing wider than the viewport, and a screenshot of the whole page for people to look at. */
  async function check(page: Page, name: string, options: { fullPage?: boolean } = {}) {
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(SHOTS, `${name}-${page.viewportSize()!.width}.png`), fullPage: options.fullPage ?? true });
  }

  /** At both widths of the brief: the check above at 1280 px, then at 375 px. */
  async function checkBothWidths(page: Page, name: string, options: { fullPage?: boolean } = {}) {
    await page.setViewportSize(DESKTOP);
    await check(page, name, options);
    await page.setViewportSize(PHONE);
    await check(page, name, options);
    await page.setViewportSize(DESKTOP);
  }

  const ticketActions = (page: Page, n: number) => page.getByRole('group', { name: `${t('reservation-page-complete.ticket-nr')}${n}` });
  const textbox = (page: Page, key: string) => page.getByRole('textbox', { name: new RegExp(`^${escape(t(key))}`) });
  const toast = (page: Page, key: string) => page.getByText(t(key)).waitFor();

  it('hands a ticket to someone else, downloads its PDF (holder, event, its QR the new ticket code) and sends it by e-mail with the PDF', async () => {
    const order = await freeOrder(CONCERT, [
      { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@e2e.example' },
      { firstName: 'Alan', lastName: 'Turing', email: 'alan@e2e.example' },
    ]);
    const ticket = order.tickets[0]!;
    const codeBefore = await ticketCodeOf(CONCERT, ticket);
    const { page, errors } = await open();
    await page.goto(`${baseUrl}/event/${CONCERT}/reservation/${order.id}/success`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: t('reservation-page-complete.header.title', CONCERT_TITLE) }).waitFor();
    // a free ticket of an event that allows it: update, download, send, release (no show: spec 2)
    const actions = ticketActions(page, 1);
    expect(await actions.getByRole('link').allTextContents()).toEqual([t('reservation-page-complete.update')]);
    expect(await actions.getByRole('button').allTextContents()).toEqual([t('reservation-page-complete.download-ticket'), t('reservation-page-complete.send-ticket-by-email'), t('reservation-page-complete.release-button.text')]);
    await checkBothWidths(page, 'ticket-success');

    // the update page: the holder, the form behind 'Update ticket', the transfer notice
    await actions.getByRole('link', { name: t('reservation-page-complete.update') }).click();
    await page.waitForURL(`${baseUrl}/event/${CONCERT}/ticket/${ticket}/update`);
    await page.getByRole('heading', { level: 1, name: t('ticket-update.header.title') }).waitFor();
    expect(await page.getByRole('region', { name: 'Free entry' }).getByText('Ada Lovelace').isVisible()).toBe(true);
    await page.getByRole('button', { name: t('reservation-page-complete.update') }).click();
    await page.getByText(t('ticket-update.transfer-info')).waitFor();
    await checkBothWidths(page, 'ticket-update-form');

    // the booking rules refuse a broken e-mail before anything is sent
    const puts: string[] = [];
    page.on('request', (r) => r.method() === 'PUT' && puts.push(r.url()));
    await textbox(page, 'common.first-name').fill('Mia');
    await textbox(page, 'common.last-name').fill('Keller');
    await textbox(page, 'common.email').fill('mia@');
    await page.getByRole('button', { name: t('reservation-page-complete.update-ticket-owner'), exact: true }).click();
    await page.getByText(t('error.email')).waitFor();
    expect(await textbox(page, 'common.email').getAttribute('aria-invalid')).toBe('true');
    expect(puts).toEqual([]);

    await textbox(page, 'common.email').fill('mia@e2e.example');
    await page.getByRole('button', { name: t('reservation-page-complete.update-ticket-owner'), exact: true }).click();
    await toast(page, 'ticket-update.update.success');
    await page.getByRole('region', { name: 'Free entry' }).getByText('Mia Keller').waitFor();
    expect(puts).toHaveLength(1);
    // handed on: its code names the new holder, the old one no longer opens the door
    const code = await ticketCodeOf(CONCERT, ticket);
    expect(code).not.toBe(codeBefore);
    expect(code.startsWith(`${ticket}/`)).toBe(true);
    // and the new holder got it by e-mail
    const handedOn = await mailsTo('mia@e2e.example', 1);
    expect(handedOn[0]!.attachments.map((a) => a.contentType)).toContain('application/pdf');

    // the download modal: the PDF (no wallet is configured here, so no wallet button)
    await page.getByRole('button', { name: t('reservation-page-complete.download-ticket') }).click();
    const dialog = page.getByRole('dialog', { name: t('download-ticket.modal.title') });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('dialog');
    expect(await dialog.getByRole('link', { name: /Wallet/ }).count()).toBe(0);
    await checkBothWidths(page, 'ticket-download-dialog', { fullPage: false });
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('link', { name: t('ticket.download-pdf') }).click()]);
    expect(download.suggestedFilename()).toBe(`ticket-${ticket}.pdf`);
    const pdf = readFileSync((await download.path())!);
    const text = await pdfText(pdf);
    expect(text).toContain('Mia Keller');
    expect(text).toContain(CONCERT_TITLE);
    expect((await pdfImages(pdf)).map(decodeQr).filter(Boolean)).toEqual([code]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(t('reservation-page-complete.download-ticket'));

    // send it by e-mail: the toast of spec 8, and the message with the PDF over real SMTP
    await page.getByRole('button', { name: t('reservation-page-complete.send-ticket-by-email') }).click();
    await toast(page, 'email.ticket-email-sent');
    const sent = (await mailsTo('mia@e2e.example', 2))[1]!;
    const attached = sent.attachments.find((a) => a.contentType === 'application/pdf');
    expect(attached?.filename).toBe(`ticket-${ticket}.pdf`);
    expect(await pdfText(attached!.content)).toContain('Mia Keller');

    // the view page: what is shown at the entrance
    await page.goto(`${baseUrl}/event/${CONCERT}/ticket/${ticket}`, { waitUntil: 'networkidle' });
    await page.waitForURL(`${baseUrl}/event/${CONCERT}/ticket/${ticket}/view`);
    await page.getByRole('heading', { level: 1, name: t('show-ticket.header.title', CONCERT_TITLE) }).waitFor();
    expect(await page.getByRole('img', { name: t('qr.code') }).getAttribute('src')).toBe(`/api/v2/public/event/${CONCERT}/ticket/${ticket}/code.png`);
    expect(await page.getByRole('region', { name: t('ticket.ticket') }).textContent()).toContain('Mia Keller');
    await checkBothWidths(page, 'ticket-view');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('releases a free ticket after a yes, and its place is back on sale on the event page', async () => {
    const order = await freeOrder(CONCERT, [{ firstName: 'Lena', lastName: 'Frei', email: 'lena@e2e.example' }]);
    const left = await availableTickets(CONCERT);
    const { page, errors } = await open(PHONE);
    await page.goto(`${baseUrl}/event/${CONCERT}/reservation/${order.id}/success`, { waitUntil: 'networkidle' });
    const release = ticketActions(page, 1).getByRole('button', { name: t('reservation-page-complete.release-button.text') });
    // 'no' keeps it
    await release.click();
    const dialog = page.getByRole('dialog', { name: t('reservation-page-complete.confirm-cancellation.title') });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('dialog');
    await checkBothWidths(page, 'ticket-release-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: t('reservation-page-complete.confirm-cancellation.button.no') }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await availableTickets(CONCERT)).toBe(left);
    // 'yes' releases it; the order had only this ticket: the event page, which counts the place again
    await release.click();
    await dialog.getByRole('button', { name: t('reservation-page-complete.confirm-cancellation.button.yes') }).click();
    await page.waitForURL(`${baseUrl}/event/${CONCERT}`);
    await toast(page, 'ticket-update.release.success');
    await page.getByText(t('show-event.tickets.left', left + 1)).waitFor();
    expect(await availableTickets(CONCERT)).toBe(left + 1);
    // the released ticket is gone: its pages go home
    await page.goto(`${baseUrl}/event/${CONCERT}/ticket/${order.tickets[0]}/view`, { waitUntil: 'networkidle' });
    await page.waitForURL(`${baseUrl}/`);
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    await page.context().close();
  });

  it("releases from the ticket's own page: the event page, the ticket not read again, the order gone with its only ticket", async () => {
    const order = await freeOrder(CONCERT, [{ firstName: 'Jon', lastName: 'Weg', email: 'jon@e2e.example' }]);
    const ticket = order.tickets[0]!;
    const { page, errors } = await open(DESKTOP);
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) calls.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    await page.goto(`${baseUrl}/event/${CONCERT}/ticket/${ticket}/update`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: t('reservation-page-complete.release-button.text') }).click();
    const dialog = page.getByRole('dialog', { name: t('reservation-page-complete.confirm-cancellation.title') });
    calls.length = 0;
    await dialog.getByRole('button', { name: t('reservation-page-complete.confirm-cancellation.button.yes') }).click();
    await page.waitForURL(`${baseUrl}/event/${CONCERT}`);
    await toast(page, 'ticket-update.release.success');
    await page.waitForLoadState('networkidle');
    // a ticket read after its release answers 404, which sends the visitor home (spec 8): it is not asked for again
    expect(calls.filter((c) => c.includes(`/ticket/${ticket}`))).toEqual([`DELETE /api/v2/public/event/${CONCERT}/ticket/${ticket}`]);
    expect(page.url()).toBe(`${baseUrl}/event/${CONCERT}`);
    expect((await fetch(`${baseUrl}/api/v2/public/reservation/${order.id}`, { headers: await openSession() })).status).toBe(404);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it.each([
    ['before the link opens', '2030-06-01T17:00:00Z', 'online.check-in.waiting-room.event-not-started', 'online.check-in.waiting-room.button'],
    ['while it is open', '2030-06-01T18:30:00Z', 'online.check-in.waiting-room.event-started', 'online.check-in.waiting-room.join'],
    ['after it closed', '2030-06-01T20:30:00Z', 'online.check-in.waiting-room.event-ended', null],
  ] as const)('shows the online waiting room %s (the browser clock at %s)', async (name, time, state, link) => {
    const order = await freeOrder(ONLINE, [{ firstName: 'Ada', lastName: 'Byron', email: `ada+${name.replaceAll(' ', '-')}@e2e.example` }]);
    const ticket = order.tickets[0]!;
    const checkInCode = createHash('sha256').update(await ticketCodeOf(ONLINE, ticket)).digest('hex');
    const checkIn = `/event/${ONLINE}/ticket/${ticket}/check-in/${checkInCode}`;
    const { page, errors } = await open(DESKTOP, { timezoneId: 'Europe/Zurich' });
    await page.clock.setFixedTime(new Date(time));
    // the ticket's check-in link: its join link is not open by the server's clock (it opens in 2030), so the waiting room
    await page.goto(`${baseUrl}${checkIn}`, { waitUntil: 'networkidle' });
    await page.waitForURL(`${baseUrl}${checkIn}/waiting-room`);
    await page.getByRole('heading', { level: 2, name: t('online.check-in.waiting-room.greeting', 'Ada') }).waitFor();
    await page.getByText(t(state)).waitFor();
    // the check-in link (which takes an attendee in once it is open), unless the event ended
    expect(await page.locator(`a[href="${checkIn}"]`).allTextContents()).toEqual(link ? [t(link)] : []);
    // before: when the doors open, worded in the browser's zone
    if (state.endsWith('not-started')) expect(await page.locator('time').textContent()).toContain('19:45');
    await checkBothWidths(page, `ticket-waiting-room-${name.split(' ')[0]}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
