import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { bundles } from '@ticketing/i18n';
import { DESKTOP, PHONE, launchBrowser } from './browser.js';
import { axeViolations } from './axe.js';
import { startOwnApp, type OwnApp } from './own-app.js';

/**
 * Using a pass (issue 15, spec 2 overview step, 4 booking submit, 5, 6, 8) in chromium against an app of this spec's
 * own with its own catalog (pass-use.catalog.yaml: a free pass of two entries for three concerts of 40 CHF). The
 * pass is bought, then used: through the link of its success page (the booking step applies it, the overview shows
 * it and a free total), by its PIN in the overview's form (typed with the keyboard), taken off an order again (the
 * total comes back), and refused once its two entries are used. The overview with the form is checked with axe and
 * for overflow at 1280 and 375 px; screenshots in /tmp/shots/pass-use-*.
 */
const t = (key: string, ...args: (string | number)[]) =>
  ((bundles.en as Record<string, string>)[key] ?? key).replace(/\{\{(\d+)\}\}/g, (_, i: string) => String(args[Number(i)] ?? ''));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const DESCRIPTOR_ID = '2d6c1f4e-8a3b-4c5d-9e7f-1a2b3c4d5e6f';
const PASS_TITLE = 'Two-concert pass';
const CONCERT_A = 'e2e-pass-concert-a';
const CONCERT_B = 'e2e-pass-concert-b';
const CONCERT_C = 'e2e-pass-concert-c';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';
const stepPath = (type: string, id: string, step: string) => new RegExp(`^/${type}/${id}/reservation/(${UUID})/${step}$`);
const SHOTS = '/tmp/shots';

let baseUrl = '';
let app: OwnApp | undefined;

async function startApp(): Promise<void> {
  app = await startOwnApp({ database: 'e2e-pass-use', catalog: 'apps/storefront-e2e/src/pass-use.catalog.yaml', mailFrom: 'passes@e2e.example' });
  baseUrl = app.baseUrl;
}

async function stopApp(): Promise<void> {
  await app?.stop();
}

const status = async (id: string) => ((await (await fetch(`${baseUrl}/api/v2/public/reservation/${id}/status`)).json()) as { status: string }).status;

describe('using a pass in chromium', () => {
  let browser: Browser;
  /** The pass bought in the first test: its PIN and its id as its success page shows them. */
  let pass: { pin: string; id: string } | undefined;

  beforeAll(async () => {
    await startApp();
    browser = await launchBrowser();
    mkdirSync(SHOTS, { recursive: true });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await stopApp();
  });

  async function open(viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await browser.newContext({ viewport, locale: 'en-US' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error' || /Content Security Policy/i.test(m.text())) errors.push(m.text());
    });
    return { context, page, errors };
  }

  /** No axe violation and nothing wider than the viewport at 1280 and at 375 px, each shot for people to look at. */
  async function checkBothWidths(page: Page, name: string) {
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(SHOTS, `pass-use-${name}-${viewport.width}.png`), fullPage: true });
    }
    await page.setViewportSize(DESKTOP);
  }

  const field = (scope: Page | ReturnType<Page['getByRole']>, key: string) => scope.getByRole('textbox', { name: new RegExp(`^${escape(t(key))}`) });
  const contact = (page: Page) => page.getByRole('region', { name: t('reservation-page.your-details') });
  const firstTicket = (page: Page) => page.getByRole('region', { name: /, ticket 1$/ });
  const summary = (page: Page) => page.getByRole('table', { name: t('reservation-page.title') });
  const total = (page: Page) => summary(page).getByRole('row', { name: new RegExp(`^${escape(t('reservation-page.total'))}`) });
  const passSection = (page: Page) => page.getByRole('region', { name: t('reservation-page.subscription'), exact: true });
  const codeField = (page: Page) => passSection(page).getByRole('textbox', { name: new RegExp(`^${escape(t('reservation-page.overview.insert-subscription-code'))}`) });
  const appliedRow = (page: Page) => summary(page).getByRole('row', { name: new RegExp(`^${escape(t('summary.table.subscription', PASS_TITLE))}`) });

  async function fillContact(page: Page, first: string, last: string, email: string) {
    await field(contact(page), 'common.first-name').fill(first);
    await field(contact(page), 'common.last-name').fill(last);
    await field(contact(page), 'common.email').fill(email);
  }

  async function acceptTerms(page: Page) {
    await page.getByRole('checkbox', { name: new RegExp(t('reservation-page.tc.link.text')) }).check();
  }

  /** The event page with its query: one seat, Continue; lands on the booking step, answers the reservation id. */
  async function reserveSeat(page: Page, shortName: string): Promise<string> {
    await page.getByRole('combobox', { name: t('a11y.quantity-for', 'Seat') }).selectOption('1');
    await page.getByRole('button', { name: t('show-event.continue') }).click();
    await page.waitForURL((url) => stepPath('event', shortName, 'book').test(url.pathname));
    await page.getByRole('heading', { level: 1, name: t('breadcrumb.step2') }).waitFor();
    return stepPath('event', shortName, 'book').exec(new URL(page.url()).pathname)![1]!;
  }

  /** The booking step of an event order, filled (contact, the one attendee), then Continue to the overview. */
  async function bookToOverview(page: Page, shortName: string, first: string, last: string, email: string) {
    await fillContact(page, first, last, email);
    const ticket = firstTicket(page);
    if ((await field(ticket, 'common.first-name').inputValue()) === '') {
      await field(ticket, 'common.first-name').fill(first);
      await field(ticket, 'common.last-name').fill(last);
      await field(ticket, 'common.email').fill(email);
    }
    await page.getByRole('button', { name: t('reservation-page.continue') }).click();
    await page.waitForURL((url) => stepPath('event', shortName, 'overview').test(url.pathname));
    await summary(page).waitFor();
  }

  /** Terms, then 'Confirm registration' of a free order: the success page, the order COMPLETE. */
  async function confirmFree(page: Page, shortName: string, id: string) {
    await acceptTerms(page);
    await page.getByRole('button', { name: t('reservation-page.confirm-free') }).click();
    await page.waitForURL((url) => stepPath('event', shortName, 'success').test(url.pathname), { timeout: 30_000 });
    expect(await status(id)).toBe('COMPLETE');
  }

  /** Opens the overview's form with the keyboard: the field has the focus once the spec's 200 ms have passed. */
  async function openFormByKeyboard(page: Page) {
    const toggle = passSection(page).getByRole('button', { name: t('reservation-page.overview.pay-with-subscription') });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'code');
  }

  it('buys a free pass of two entries, then buys a ticket through a compatible event link: the booking step applies the pass', async () => {
    const { context, page, errors } = await open();
    await page.goto(`${baseUrl}/subscription/${DESCRIPTOR_ID}`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: t('show-event.continue') }).click();
    await page.waitForURL((url) => stepPath('subscription', DESCRIPTOR_ID, 'book').test(url.pathname));
    await fillContact(page, 'Pia', 'Pass', 'pia.pass@example.org');
    await page.getByRole('button', { name: t('reservation-page.continue') }).click();
    await page.waitForURL((url) => stepPath('subscription', DESCRIPTOR_ID, 'overview').test(url.pathname));
    // a pass's own order has no subscription code form (spec 6: event orders only)
    await summary(page).waitFor();
    expect(await passSection(page).count()).toBe(0);
    await acceptTerms(page);
    await page.getByRole('button', { name: t('reservation-page.confirm-free') }).click();
    await page.waitForURL((url) => stepPath('subscription', DESCRIPTOR_ID, 'success').test(url.pathname), { timeout: 30_000 });
    const card = page.getByRole('region', { name: t('reservation-page-complete.subscription') });
    const pin = card.getByRole('textbox', { name: t('reservation-page-complete.subscription.pin') });
    await pin.waitFor({ timeout: 20_000 });
    pass = { pin: await pin.inputValue(), id: await card.getByRole('textbox', { name: t('reservation-page-complete.subscription.id') }).inputValue() };
    expect(pass.id).toMatch(new RegExp(`^${UUID}$`));

    // the compatible events, each linked with the pass's own id; follow concert A's
    const events = page.getByRole('region', { name: t('reservation-page-complete.subscription.buy-tickets') });
    const link = events.getByRole('link', { name: /Pass Concert A/ });
    expect(await link.getAttribute('href')).toBe(`/event/${CONCERT_A}?subscription=${pass.id}`);
    await link.click();
    await page.waitForURL((url) => url.pathname === `/event/${CONCERT_A}` && url.searchParams.get('subscription') === pass!.id);
    const id = await reserveSeat(page, CONCERT_A);
    expect(new URL(page.url()).searchParams.get('subscription')).toBe(pass.id);

    const apply = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/apply-code'));
    await bookToOverview(page, CONCERT_A, 'Pia', 'Pass', 'pia.pass@example.org');
    expect((await apply).postDataJSON()).toEqual({ code: pass.id, email: 'pia.pass@example.org', amount: 1, type: 'SUBSCRIPTION' });
    expect(await appliedRow(page).textContent()).toContain('-40.00');
    expect(await total(page).textContent()).toContain(t('common.free'));
    expect(await page.getByRole('radiogroup', { name: t('reservation-page.payment') }).count()).toBe(0);
    // the pass applied: the section says so and offers to take it off
    await passSection(page).getByRole('status').filter({ hasText: t('reservation-page.overview.applied-subscription-code') }).waitFor();
    await passSection(page).getByRole('button', { name: t('summary.table.remove-applied-subscription-from-order') }).waitFor();
    await checkBothWidths(page, 'link-applied');
    await confirmFree(page, CONCERT_A, id);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("takes the pass off an order again: the total comes back (its entry stays free for the next order)", async () => {
    expect(pass).toBeDefined();
    const { context, page, errors } = await open(PHONE);
    await page.goto(`${baseUrl}/event/${CONCERT_C}`, { waitUntil: 'networkidle' });
    await reserveSeat(page, CONCERT_C);
    await bookToOverview(page, CONCERT_C, 'Max', 'Muster', 'max.muster@example.org');
    expect(await total(page).textContent()).toContain('40.00');
    await passSection(page).getByRole('button', { name: t('reservation-page.overview.pay-with-subscription') }).click();
    await codeField(page).fill(pass!.id);
    await passSection(page).getByRole('button', { name: t('reservation-page.overview.apply-subscription-code') }).click();
    await appliedRow(page).waitFor();
    expect(await total(page).textContent()).toContain(t('common.free'));
    await passSection(page).getByRole('status').filter({ hasText: t('reservation-page.overview.applied-subscription-code') }).waitFor();

    const remove = page.waitForRequest((r) => r.method() === 'DELETE' && r.url().includes('/remove-code?type=SUBSCRIPTION'));
    await passSection(page).getByRole('button', { name: t('summary.table.remove-applied-subscription-from-order') }).click();
    const ask = page.getByRole('dialog', { name: t('reservation-page.overview.modal.remove-subscription') });
    await ask.waitFor();
    await checkBothWidths(page, 'remove-confirm');
    await ask.getByRole('button', { name: t('common.yes') }).click();
    await remove;
    await passSection(page).getByRole('status').filter({ hasText: t('reservation-page.overview.removed-subscription') }).waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-expanded') === 'false');
    expect(await appliedRow(page).count()).toBe(0);
    expect(await total(page).textContent()).toContain('40.00');
    await page.getByRole('radiogroup', { name: t('reservation-page.payment') }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('uses the PIN in the overview form on a second event, and refuses a third use with the max-usage text', async () => {
    expect(pass).toBeDefined();
    const { context, page, errors } = await open();
    await page.goto(`${baseUrl}/event/${CONCERT_B}`, { waitUntil: 'networkidle' });
    const id = await reserveSeat(page, CONCERT_B);
    await bookToOverview(page, CONCERT_B, 'Pia', 'Pass', 'pia.pass@example.org');
    expect(await total(page).textContent()).toContain('40.00');
    await openFormByKeyboard(page);
    await checkBothWidths(page, 'form-open');
    // a mistyped PIN first: refused under the field with the code, announced, the focus kept there
    await page.keyboard.type('ZZZZ-9999');
    await page.keyboard.press('Enter');
    const alert = passSection(page).getByRole('alert');
    await alert.filter({ hasText: t('subscription.pin.not.found', 'ZZZZ-9999') }).waitFor();
    expect(await codeField(page).getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('code');
    await checkBothWidths(page, 'form-refused');
    await codeField(page).fill(pass!.pin);
    await page.keyboard.press('Enter');
    await appliedRow(page).waitFor();
    expect(await total(page).textContent()).toContain(t('common.free'));
    await page.waitForFunction((name) => document.activeElement?.textContent === name, t('summary.table.remove-applied-subscription-from-order'));
    await checkBothWidths(page, 'pin-applied');
    await confirmFree(page, CONCERT_B, id);
    await context.close();

    // both entries used: a third order is refused, with the text of subscription.max-usage-reached
    const third = await open(PHONE);
    await third.page.goto(`${baseUrl}/event/${CONCERT_C}`, { waitUntil: 'networkidle' });
    await reserveSeat(third.page, CONCERT_C);
    await bookToOverview(third.page, CONCERT_C, 'Pia', 'Pass', 'pia.pass@example.org');
    await passSection(third.page).getByRole('button', { name: t('reservation-page.overview.pay-with-subscription') }).click();
    await codeField(third.page).fill(pass!.pin);
    await passSection(third.page).getByRole('button', { name: t('reservation-page.overview.apply-subscription-code') }).click();
    await passSection(third.page).getByRole('alert').filter({ hasText: t('subscription.max-usage-reached') }).waitFor();
    expect(await appliedRow(third.page).count()).toBe(0);
    expect(await total(third.page).textContent()).toContain('40.00');
    await checkBothWidths(third.page, 'max-usage');
    expect([...errors, ...third.errors]).toEqual([]);
    await third.context.close();
  });
});
