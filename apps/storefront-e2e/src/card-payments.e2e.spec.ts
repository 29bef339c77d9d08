import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { bundles } from '@ticketing/i18n';
import { DESKTOP, PHONE, launchBrowser } from './browser.js';
import { axeViolations } from './axe.js';

/**
 * Card and redirect payments (issue 13) in chromium against the running app in payment test mode: the server talks
 * to its local stand-ins (libs/payments/src/stand-ins), and so does the page: the test card form confirms at the
 * Stripe stand-in, whose 3-D Secure page sends the buyer back; Mollie's stand-in has its test checkout page. The
 * demo's December meetup (MilanoDev: Stripe, PayPal and Mollie accounts, no keys set) takes card, PayPal and six Mollie
 * methods.
 */
const baseUrl = inject('baseUrl');
const t = (key: string, ...args: (string | number)[]) =>
  ((bundles.en as Record<string, string>)[key] ?? key).replace(/\{\{(\d+)\}\}/g, (_, i: string) => String(args[Number(i)] ?? ''));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const MEETUP = 'meetup-typescript-event-sourcing';
const PIZZA = 'Entry with pizza and a drink';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';
const stepPath = (step: string) => new RegExp(`^/event/${MEETUP}/reservation/(${UUID})/${step}$`);
const SHOTS = '/tmp/shots';

describe('card and redirect payments in chromium, against the payment stand-ins', () => {
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
    // a page the CSP blocks says so in the console: none may
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) errors.push(message.text());
    });
    return { page, errors };
  }

  async function shoot(page: Page, name: string) {
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  }

  /** Reserves one pizza ticket and fills the booking step: lands on the overview, answers the reservation id. */
  async function toOverview(page: Page, email: string): Promise<string> {
    await page.goto(`${baseUrl}/event/${MEETUP}`, { waitUntil: 'networkidle' });
    await page.getByRole('combobox', { name: t('a11y.quantity-for', PIZZA) }).selectOption('1');
    await page.getByRole('button', { name: t('show-event.continue') }).click();
    await page.waitForURL((url) => stepPath('book').test(url.pathname));
    const contact = page.getByRole('region', { name: t('reservation-page.your-details') });
    await contact.getByRole('textbox', { name: new RegExp(`^${escape(t('common.first-name'))}`) }).fill('Ada');
    await contact.getByRole('textbox', { name: new RegExp(`^${escape(t('common.last-name'))}`) }).fill('Lovelace');
    await contact.getByRole('textbox', { name: new RegExp(`^${escape(t('common.email'))}`) }).fill(email);
    await page.getByRole('button', { name: t('reservation-page.continue') }).click();
    await page.waitForURL((url) => stepPath('overview').test(url.pathname));
    await page.getByRole('radiogroup', { name: t('reservation-page.payment') }).waitFor();
    return stepPath('overview').exec(new URL(page.url()).pathname)![1]!;
  }

  async function acceptTerms(page: Page) {
    await page.getByRole('checkbox', { name: new RegExp(t('reservation-page.tc.link.text')) }).check();
    await page.getByRole('checkbox', { name: new RegExp(t('reservation-page.privacy.link.text')) }).check();
  }

  const field = (page: Page, key: string) => page.getByRole('textbox', { name: new RegExp(`^${escape(t(key))}`) });

  async function typeCard(page: Page, number: string) {
    await field(page, 'reservation-page.card-number').fill(number);
    await field(page, 'reservation-page.expiration-month').fill('12');
    await field(page, 'reservation-page.expiration-year').fill('2034');
    await field(page, 'reservation-page.cvc').fill('123');
  }

  const status = async (id: string) => ((await (await fetch(`${baseUrl}/api/v2/public/reservation/${id}/status`)).json()) as { status: string }).status;
  const pay = (page: Page) => page.getByRole('button', { name: t('reservation-page.pay'), exact: true });

  it('offers card, PayPal and the Mollie methods in the order of spec 9, and pays a 3-D Secure card through the bank page to the success page', async () => {
    const { page, errors } = await open();
    const id = await toOverview(page, 'ada+3ds@example.org');
    const methods = page.getByRole('radiogroup', { name: t('reservation-page.payment') });
    // MilanoDev's Mollie account takes six methods: eight in the order of spec 9, one under the other
    expect(await methods.getByRole('radio').evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).labels?.[0]?.textContent))).toEqual(
      ['credit-card', 'paypal', 'payment-method.ideal', 'payment-method.bancontact', 'payment-method.belfius', 'payment-method.przelewy-24', 'payment-method.apple-pay', 'payment-method.kbc'].map(
        (key) => t(`reservation-page.${key}`),
      ),
    );
    expect(await methods.getAttribute('class')).toContain('payment-methods--vertical');
    await methods.getByRole('radio', { name: t('reservation-page.credit-card') }).check();
    await page.getByText(t('storefront.card.test-mode')).waitFor();
    await acceptTerms(page);
    expect(await pay(page).isDisabled()).toBe(true);
    await typeCard(page, '4000 0025 0000 3155');
    expect(await axeViolations(page)).toEqual([]);
    await pay(page).click();

    await page.getByRole('heading', { name: '3D Secure test payment' }).waitFor();
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    // back on the processing page, which follows the status to success
    await page.waitForURL((url) => stepPath('(processing-payment|success)').test(url.pathname));
    await page.waitForURL((url) => stepPath('success').test(url.pathname), { timeout: 20_000 });
    await page.getByRole('heading', { level: 1, name: new RegExp(escape(t('reservation-page-complete.header.title', ''))) }).waitFor();
    expect(await status(id)).toBe('COMPLETE');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])('shows a declined card in the provider’s words, then pays with another card (%s)', async (name, viewport) => {
    const { page, errors } = await open(viewport);
    const id = await toOverview(page, `ada+declined-${name}@example.org`);
    await page.getByRole('radio', { name: t('reservation-page.credit-card') }).check();
    await shoot(page, `payment-overview-card-methods-${name}`);
    await acceptTerms(page);
    await typeCard(page, '4000 0000 0000 0002');
    await pay(page).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(t('error.STEP_2_PAYMENT_PROCESSING_ERROR', 'Your card was declined.'));
    await page.waitForFunction(() => !(document.querySelector('button[type="submit"]') as HTMLButtonElement | null)?.disabled);
    // a field error beside the provider's: the number's, under its field
    await field(page, 'reservation-page.card-number').fill('4242 4242 4242 4241');
    await field(page, 'reservation-page.cvc').focus();
    await page.getByText(t('error.STEP2_STRIPE_invalid_number')).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shoot(page, `payment-card-form-error-${name}`);

    await field(page, 'reservation-page.card-number').fill('4242 4242 4242 4242');
    await pay(page).click();
    await page.waitForURL((url) => stepPath('success').test(url.pathname), { timeout: 20_000 });
    expect(await status(id)).toBe('COMPLETE');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('pays with iDEAL on the Mollie stand-in’s checkout page and comes back to the success page', async () => {
    const { page, errors } = await open();
    const id = await toOverview(page, 'ada+ideal@example.org');
    const ideal = page.getByRole('radio', { name: t('reservation-page.payment-method.ideal') });
    await ideal.check();
    expect(await ideal.evaluate((radio) => document.getElementById(radio.getAttribute('aria-describedby') ?? '')?.textContent)).toBe(t('reservation-page.payment.mollie.description'));
    await acceptTerms(page);
    const confirm = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === `/api/v2/public/reservation/${id}`);
    await page.getByRole('button', { name: t('reservation-page.confirm'), exact: true }).click();
    expect((await confirm).postDataJSON()).toMatchObject({ paymentProxy: 'MOLLIE', selectedPaymentMethod: 'IDEAL' });

    await page.getByRole('heading', { name: 'Test payment' }).waitFor();
    await page.getByRole('radio', { name: 'Paid' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => stepPath('(processing-payment|success)').test(url.pathname));
    await page.waitForURL((url) => stepPath('success').test(url.pathname), { timeout: 20_000 });
    expect(await status(id)).toBe('COMPLETE');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])('shows the processing page while the provider has not answered (%s)', async (name, viewport) => {
    const { page, errors } = await open(viewport);
    const id = await toOverview(page, `ada+processing-${name}@example.org`);
    // a card payment started and never confirmed (the buyer closed the tab): the order waits for the provider
    const init = await page.evaluate(async (reservation) => {
      const xsrf = document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? document.querySelector<HTMLMetaElement>('meta[name="XSRF_TOKEN"]')?.content ?? '';
      const session = document.querySelector<HTMLMetaElement>('meta[name="GID"]')?.content ?? '';
      const response = await fetch(`/api/v2/public/reservation/${reservation}/payment/CREDIT_CARD/init`, { method: 'POST', headers: { 'X-Auth-Token': session, 'X-CSRF-TOKEN': decodeURIComponent(xsrf) } });
      return response.status;
    }, id);
    expect(init).toBe(200);
    await page.goto(`${baseUrl}/event/${MEETUP}/reservation/${id}/overview`);
    await page.waitForURL((url) => stepPath('processing-payment').test(url.pathname));
    await page.getByRole('heading', { level: 1, name: t('reservation.payment-processing.title') }).waitFor();
    await page.getByRole('button', { name: t('reservation.payment-processing.force-check') }).click();
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, `payment-processing-${name}`);
    expect(new URL(page.url()).pathname).toMatch(stepPath('processing-payment'));
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
