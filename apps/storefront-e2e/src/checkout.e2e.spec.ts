import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { bundles } from '@ticketing/i18n';
import { DESKTOP, PHONE, launchBrowser } from './browser.js';
import { axeViolations } from './axe.js';

/**
 * Checkout steps 2 and 3 in chromium against the running app with the demo catalog
 * (tools/catalog/demo/demo.catalog.yaml): a free livestream ticket end to end, a bank transfer with a business
 * invoice, an Italian e-invoice (with the server's field errors under their fields), a concert ticket paid at the
 * desk (its date-of-birth question answered), and the expiry modal (the page's clock is fast-forwarded:
 * the demo's reservations last 25 minutes).
 */
const baseUrl = inject('baseUrl');
const t = (key: string, ...args: (string | number)[]) =>
  ((bundles.en as Record<string, string>)[key] ?? key).replace(/\{\{(\d+)\}\}/g, (_, i: string) => String(args[Number(i)] ?? ''));

const STUDIO = 'seeklang-studio-session';
const WINTER = 'seeklang-winterfestival-2027';
const MILANO = 'milanodev-conf-2027';
const STRINGS = 'late-night-strings-2027';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';
const stepPath = (shortName: string, step: string) => new RegExp(`^/event/${shortName}/reservation/(${UUID})/${step}$`);
const SHOTS = '/tmp/shots';

describe('checkout in chromium, on the demo catalog', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(() => browser.close());

  async function open(viewport = DESKTOP) {
    const context = await browser.newContext({ viewport, locale: 'en-US' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    return { page, errors };
  }

  /** Picks on the event page and reserves: lands on the booking step, answers the reservation id. */
  async function reserve(page: Page, shortName: string, picks: readonly [string, string][]): Promise<string> {
    await page.goto(`${baseUrl}/event/${shortName}`, { waitUntil: 'networkidle' });
    for (const [category, amount] of picks) await page.getByRole('combobox', { name: t('a11y.quantity-for', category) }).selectOption(amount);
    await page.getByRole('button', { name: t('show-event.continue') }).click();
    await page.waitForURL((url) => stepPath(shortName, 'book').test(url.pathname));
    await page.getByRole('heading', { level: 1, name: t('breadcrumb.step2') }).waitFor();
    return stepPath(shortName, 'book').exec(new URL(page.url()).pathname)![1]!;
  }

  const contact = (page: Page) => page.getByRole('region', { name: t('reservation-page.your-details') });
  const billing = (page: Page) => page.getByRole('region', { name: t('reservation-page.billing-address') });
  const firstTicket = (page: Page) => page.getByRole('region', { name: /, ticket 1$/ });
  const field = (scope: ReturnType<Page['getByRole']>, key: string, ...args: string[]) => scope.getByRole('textbox', { name: new RegExp(`^${escape(t(key, ...args))}`) });

  async function fillContact(page: Page, first: string, last: string, email: string) {
    await field(contact(page), 'common.first-name').fill(first);
    await field(contact(page), 'common.last-name').fill(last);
    await field(contact(page), 'common.email').fill(email);
  }

  async function chooseCountry(page: Page, name: string) {
    const box = billing(page).getByRole('combobox', { name: new RegExp(t('reservation-page.country')) });
    await box.fill(name);
    await box.press('Enter');
  }

  async function expectAccessibleAndFitting(page: Page) {
    expect(await axeViolations(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }

  async function shoot(page: Page, name: string) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  }

  const status = async (id: string) => ((await (await fetch(`${baseUrl}/api/v2/public/reservation/${id}/status`)).json()) as { status: string }).status;

  async function toOverview(page: Page, shortName: string) {
    await page.getByRole('button', { name: t('reservation-page.continue') }).click();
    await page.waitForURL((url) => stepPath(shortName, 'overview').test(url.pathname));
    await page.getByRole('table', { name: t('reservation-page.title') }).waitFor();
  }

  it('books a free livestream ticket end to end: booking, overview, confirm, success', async () => {
    const { page, errors } = await open();
    const id = await reserve(page, STUDIO, [['Livestream', '1']]);
    // a free order: no invoice, the step 3 worded as an overview
    expect(await billing(page).count()).toBe(0);
    expect(await page.getByRole('navigation', { name: t('a11y.step-indicator') }).textContent()).toContain(t('breadcrumb.step3.free'));
    await fillContact(page, 'Lena', 'Frei', 'lena.frei@example.org');
    // attendee autocomplete (on for the demo events): the contact fills the first ticket
    expect(await field(firstTicket(page), 'common.email').inputValue()).toBe('lena.frei@example.org');
    expect(await field(firstTicket(page), 'common.first-name').inputValue()).toBe('Lena');
    await expectAccessibleAndFitting(page);

    const validate = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/validate-to-overview'));
    await toOverview(page, STUDIO);
    const body = (await validate).postDataJSON() as { tickets: Record<string, { firstName: string }> };
    expect(Object.values(body.tickets).map((ticket) => ticket.firstName)).toEqual(['Lena']);
    expect(await page.getByRole('radiogroup').count()).toBe(0);
    await page.getByRole('checkbox', { name: new RegExp(t('reservation-page.tc.link.text')) }).check();
    const privacy = page.getByRole('checkbox', { name: new RegExp(t('reservation-page.privacy.link.text')) });
    if (await privacy.count()) await privacy.check();
    await expectAccessibleAndFitting(page);

    const confirm: Promise<Request> = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === `/api/v2/public/reservation/${id}`);
    await page.getByRole('button', { name: t('reservation-page.confirm-free') }).click();
    expect((await confirm).postDataJSON()).toMatchObject({ paymentProxy: 'NONE', selectedPaymentMethod: 'NONE', termAndConditionsAccepted: true });
    await page.waitForURL((url) => stepPath(STUDIO, 'success').test(url.pathname));
    expect(await status(id)).toBe('COMPLETE');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])('pays a festival pass by bank transfer with a business invoice (%s)', async (name, viewport) => {
    const { page, errors } = await open(viewport);
    const id = await reserve(page, WINTER, [['Festival pass (3 days)', '1']]);
    await fillContact(page, 'Urs', 'Muster', `urs.muster+${name}@example.org`);
    await billing(page).getByRole('checkbox', { name: t('reservation-page.i-need-an-invoice') }).check();
    await billing(page).getByRole('radio', { name: t('invoice.type.business') }).check();
    await field(billing(page), 'reservation-page.company-name').fill('Muster Musik AG');
    await field(billing(page), 'reservation-page.vat-number', t('common.vat')).fill('CHE-123.456.789');
    await field(billing(page), 'reservation-page.address-line-1').fill('Seestrasse 1');
    await field(billing(page), 'reservation-page.zip-postal-code').fill('8002');
    await field(billing(page), 'reservation-page.city').fill('Zürich');
    if (viewport === PHONE) await billing(page).getByRole('combobox', { name: new RegExp(t('reservation-page.country')) }).selectOption('CH');
    else await chooseCountry(page, 'Switzerland');
    await expectAccessibleAndFitting(page);
    await shoot(page, `checkout-book-${name}`);

    await toOverview(page, WINTER);
    const buyer = page.getByRole('region', { name: t('reservation-page.your-details') });
    expect(await buyer.textContent()).toContain('Muster Musik AG');
    const methods = page.getByRole('radiogroup', { name: t('reservation-page.payment') });
    const transfer = methods.getByRole('radio', { name: t('reservation-page.offline') });
    if (!(await transfer.isChecked())) await transfer.check();
    expect(await page.getByText(/days to complete the payment/).count()).toBe(1);
    await page.getByRole('checkbox', { name: new RegExp(t('reservation-page.tc.link.text')) }).check();
    const privacy = page.getByRole('checkbox', { name: new RegExp(t('reservation-page.privacy.link.text')) });
    if (await privacy.count()) await privacy.check();
    await expectAccessibleAndFitting(page);
    await shoot(page, `checkout-overview-${name}`);

    await page.getByRole('button', { name: t('reservation-page.confirm') }).click();
    await page.waitForURL((url) => stepPath(WINTER, 'waiting-payment').test(url.pathname));
    expect(await status(id)).toBe('OFFLINE_PAYMENT');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("asks an Italian e-invoice's fiscal code and addressee code, shows the booking rules' field errors under their fields, and pays by bank transfer", async () => {
    const { page } = await open();
    await reserve(page, MILANO, [['Online streaming', '1']]);
    await fillContact(page, 'Mario', 'Rossi', 'mario.rossi@example.org');
    await firstTicket(page).getByRole('textbox', { name: /^Company or organisation/ }).fill('Freelance');
    const box = billing(page).getByRole('checkbox', { name: t('reservation-page.i-need-an-invoice') });
    if (await box.count()) await box.check();
    await field(billing(page), 'reservation-page.address-line-1').fill('Via Tortona 1');
    // the booking rules want 5 digits for an Italian ZIP and 2 letters for the province: the page runs the server's
    // rules before sending, so the same errors show whichever side finds them
    await field(billing(page), 'reservation-page.zip-postal-code').fill('2014');
    await field(billing(page), 'reservation-page.city').fill('Milano');
    await field(billing(page), 'reservation-page.state').fill('Milano');
    await chooseCountry(page, 'Italy');
    await field(billing(page), 'invoice-fields.fiscalCode').fill('RSSMRA80A01F205X');
    await billing(page).getByRole('combobox', { name: new RegExp(t('invoice-fields.reference-type')) }).selectOption('ADDRESSEE_CODE');
    await field(billing(page), 'invoice-fields.addressee-code').fill('M5UXCR1');

    await page.getByRole('button', { name: t('reservation-page.continue') }).click();
    const zip = field(billing(page), 'reservation-page.zip-postal-code');
    await page.waitForFunction(() => document.querySelector('[name="billingAddressZip"]')?.getAttribute('aria-invalid') === 'true');
    const zipError = await zip.evaluate((input) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent);
    expect(zipError).toBe(t('error.length', 5));
    expect(await field(billing(page), 'reservation-page.state').getAttribute('aria-invalid')).toBe('true');
    expect(await zip.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(new URL(page.url()).pathname).toMatch(stepPath(MILANO, 'book'));
    await expectAccessibleAndFitting(page);
    await shoot(page, 'checkout-book-server-errors-desktop');

    await zip.fill('20144');
    await field(billing(page), 'reservation-page.state').fill('MI');
    await toOverview(page, MILANO);
    const buyer = page.getByRole('region', { name: t('reservation-page.your-details') });
    expect(await buyer.textContent()).toContain('RSSMRA80A01F205X');
    expect(await buyer.textContent()).toContain('M5UXCR1');
    await expectAccessibleAndFitting(page);

    // and pays it by bank transfer: the order waits for the money with its Italian invoice details kept
    const transfer = page.getByRole('radiogroup', { name: t('reservation-page.payment') }).getByRole('radio', { name: t('reservation-page.offline') });
    if (!(await transfer.isChecked())) await transfer.check();
    await page.getByRole('checkbox', { name: new RegExp(t('reservation-page.tc.link.text')) }).check();
    const privacy = page.getByRole('checkbox', { name: new RegExp(t('reservation-page.privacy.link.text')) });
    if (await privacy.count()) await privacy.check();
    await page.getByRole('button', { name: t('reservation-page.confirm') }).click();
    await page.waitForURL((url) => stepPath(MILANO, 'waiting-payment').test(url.pathname));
    const id = stepPath(MILANO, 'waiting-payment').exec(new URL(page.url()).pathname)![1]!;
    expect(await status(id)).toBe('OFFLINE_PAYMENT');
    const info = (await (await fetch(`${baseUrl}/api/v2/public/reservation/${id}`)).json()) as {
      billingDetails: { invoicingAdditionalInfo: { italianEInvoicing: { fiscalCode: string; addresseeCode: string } | null } };
    };
    expect(info.billingDetails.invoicingAdditionalInfo.italianEInvoicing).toMatchObject({ fiscalCode: 'RSSMRA80A01F205X', addresseeCode: 'M5UXCR1' });
    await page.context().close();
  });

  it('books a concert ticket paid at the desk: the date of birth asked, on-site chosen, the order complete', async () => {
    const { page, errors } = await open();
    const id = await reserve(page, STRINGS, [['Standing', '1']]);
    await fillContact(page, 'Vreni', 'Vor Ort', 'vreni@example.org');
    await firstTicket(page).getByLabel(/Date of birth/).fill('1990-05-17');
    await toOverview(page, STRINGS);
    const methods = page.getByRole('radiogroup', { name: t('reservation-page.payment') });
    // Seeklang's Stripe account takes cards too (payment test mode: its stand-in), first in the order of spec 9
    expect(await methods.getByRole('radio').evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).labels?.[0]?.textContent))).toEqual([
      t('reservation-page.credit-card'),
      t('reservation-page.offline'),
      t('reservation-page.on-site'),
    ]);
    const confirm = page.getByRole('button', { name: t('reservation-page.confirm') });
    await methods.getByRole('radio', { name: t('reservation-page.on-site') }).check();
    expect(await page.getByText(t('reservation-page.on-site.description')).isVisible()).toBe(true);
    await page.getByRole('checkbox', { name: new RegExp(t('reservation-page.tc.link.text')) }).check();
    const privacy = page.getByRole('checkbox', { name: new RegExp(t('reservation-page.privacy.link.text')) });
    if (await privacy.count()) await privacy.check();
    const sent = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === `/api/v2/public/reservation/${id}`);
    await confirm.click();
    expect((await sent).postDataJSON()).toMatchObject({ paymentProxy: 'ON_SITE', selectedPaymentMethod: 'ON_SITE' });
    await page.waitForURL((url) => stepPath(STRINGS, 'success').test(url.pathname));
    expect(await status(id)).toBe('COMPLETE');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('opens the expired modal when the time is up and returns to the event; cancel asks first', async () => {
    const { page } = await open(PHONE);
    await page.clock.install();
    const id = await reserve(page, WINTER, [['Festival pass (3 days)', '1']]);
    // cancel: the confirmation modal, 'no' keeps the reservation
    await page.getByRole('button', { name: t('reservation-page.cancel-reservation') }).click();
    const cancel = page.getByRole('dialog', { name: t('reservation-page.cancel-reservation.confirmation.title') });
    await cancel.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    expect(await cancel.count()).toBe(0);
    expect(await page.getByRole('button', { name: t('reservation-page.cancel-reservation') }).evaluate((b) => b === document.activeElement)).toBe(true);

    await page.clock.fastForward('26:00');
    const dialog = page.getByRole('dialog', { name: t('reservation-page.expired.title') });
    await dialog.waitFor();
    expect(await page.getByRole('button', { name: t('reservation-page.continue') }).isDisabled()).toBe(true);
    for (let i = 0; i < 2; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'checkout-expired-phone.png') });
    await dialog.getByRole('button', { name: t('reservation-page.expired.button') }).click();
    await page.waitForURL((url) => url.pathname === `/event/${WINTER}`);
    // the server's own clock did not move: let the seats go
    await page.evaluate((reservation) => fetch(`/api/v2/public/reservation/${reservation}`, { method: 'DELETE', headers: { 'X-XSRF-TOKEN': document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '' } }), id);
    await page.context().close();
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
