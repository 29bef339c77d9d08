import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { documentLabels } from '@ticketing/documents';
import { pdfText } from '@ticketing/documents/testing';
import { bundles } from '@ticketing/i18n';
import { DESKTOP, PHONE, launchBrowser, screenshot } from './browser.js';
import { axeViolations } from './axe.js';

/**
 * The invoice and the receipt of a paid order (spec 6, issue 14) in chromium against the running app in payment test
 * mode: the buyer books a Seeklang Winter Festival pass (the demo event whose organizer has invoicing details and
 * allows invoices), pays it with the test card 4242 and downloads from the success page the invoice of a business
 * order, or the receipt of a private order that asked for none. The document is what the page's link answers.
 */
const baseUrl = inject('baseUrl');
const t = (key: string, ...args: (string | number)[]) =>
  ((bundles.en as Record<string, string>)[key] ?? key).replace(/\{\{(\d+)\}\}/g, (_, i: string) => String(args[Number(i)] ?? ''));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const WINTER = 'seeklang-winterfestival-2027';
const WINTER_TITLE = 'Seeklang Winter Festival 2027';
const PASS = 'Festival pass (3 days)';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';
const stepPath = (step: string) => new RegExp(`^/event/${WINTER}/reservation/(${UUID})/${step}$`);
const labels = documentLabels('en');

interface Downloaded {
  readonly status: number;
  readonly contentType: string | null;
  readonly disposition: string | null;
  readonly pdf: Buffer;
}

describe('invoice and receipt downloads from the success page, in chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  async function open(viewport = DESKTOP) {
    const context = await browser.newContext({ viewport, locale: 'en-US', acceptDownloads: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) errors.push(message.text());
    });
    return { page, errors };
  }

  const field = (scope: ReturnType<Page['getByRole']>, key: string, ...args: string[]) => scope.getByRole('textbox', { name: new RegExp(`^${escape(t(key, ...args))}`) });
  const contact = (page: Page) => page.getByRole('region', { name: t('reservation-page.your-details') });
  const billing = (page: Page) => page.getByRole('region', { name: t('reservation-page.billing-address') });

  /** Picks one festival pass and reserves: lands on the booking step with the contact filled, answers the reservation id. */
  async function reservePass(page: Page, email: string): Promise<string> {
    await page.goto(`${baseUrl}/event/${WINTER}`, { waitUntil: 'networkidle' });
    await page.getByRole('combobox', { name: t('a11y.quantity-for', PASS) }).selectOption('1');
    await page.getByRole('button', { name: t('show-event.continue') }).click();
    await page.waitForURL((url) => stepPath('book').test(url.pathname));
    await page.getByRole('heading', { level: 1, name: t('breadcrumb.step2') }).waitFor();
    await field(contact(page), 'common.first-name').fill('Urs');
    await field(contact(page), 'common.last-name').fill('Muster');
    await field(contact(page), 'common.email').fill(email);
    return stepPath('book').exec(new URL(page.url()).pathname)![1]!;
  }

  /** From the booking step to the success page: the overview, the test card 4242, the terms accepted, paid. */
  async function payByCard(page: Page) {
    await page.getByRole('button', { name: t('reservation-page.continue') }).click();
    await page.waitForURL((url) => stepPath('overview').test(url.pathname));
    const methods = page.getByRole('radiogroup', { name: t('reservation-page.payment') });
    await methods.getByRole('radio', { name: t('reservation-page.credit-card') }).check();
    await page.getByText(t('storefront.card.test-mode')).waitFor();
    await page.getByRole('checkbox', { name: new RegExp(t('reservation-page.tc.link.text')) }).check();
    const privacy = page.getByRole('checkbox', { name: new RegExp(t('reservation-page.privacy.link.text')) });
    if (await privacy.count()) await privacy.check();
    const card = (key: string) => page.getByRole('textbox', { name: new RegExp(`^${escape(t(key))}`) });
    await card('reservation-page.card-number').fill('4242 4242 4242 4242');
    await card('reservation-page.expiration-month').fill('12');
    await card('reservation-page.expiration-year').fill('2034');
    await card('reservation-page.cvc').fill('123');
    await page.getByRole('button', { name: t('reservation-page.pay'), exact: true }).click();
    await page.waitForURL((url) => stepPath('success').test(url.pathname), { timeout: 20_000 });
    await page.getByRole('heading', { level: 1, name: t('reservation-page-complete.header.title', WINTER_TITLE) }).waitFor();
  }

  /** The link the success page offers (it waits for the order to leave FINALIZING), named as the buyer reads it. */
  async function downloadLink(page: Page, kind: 'invoice' | 'receipt') {
    const link = page.getByRole('link', { name: t(`reservation-page-complete.download-your-${kind}`), exact: true });
    await link.waitFor({ timeout: 15_000 });
    return link;
  }

  /** Clicks the link as the buyer does (chromium saves the file), and asks its address again with the page's session for the answer's headers. */
  async function download(page: Page, link: Awaited<ReturnType<typeof downloadLink>>): Promise<Downloaded & { saved: Buffer; suggestedFilename: string }> {
    const [saved] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const failure = await saved.failure();
    if (failure) throw new Error(`the download failed in chromium: ${failure}`);
    const path = await saved.path();
    const savedPdf = await readFile(path);
    const href = (await link.getAttribute('href'))!;
    const answer = await page.evaluate(async (address) => {
      const response = await fetch(address, { credentials: 'same-origin' });
      const bytes = new Uint8Array(await response.arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return { status: response.status, contentType: response.headers.get('content-type'), disposition: response.headers.get('content-disposition'), base64: btoa(binary) };
    }, href);
    return { status: answer.status, contentType: answer.contentType, disposition: answer.disposition, pdf: Buffer.from(answer.base64, 'base64'), saved: savedPdf, suggestedFilename: saved.suggestedFilename() };
  }

  const reservation = async (id: string) =>
    (await (await fetch(`${baseUrl}/api/v2/public/reservation/${id}`)).json()) as { status: string; paid: boolean; invoiceNumber: string | null; invoiceRequested: boolean; invoiceOrReceiptDocumentPresent: boolean };

  /** axe on the success page at 375 and 1280 px, nothing wider than the screen; a screenshot of each to look at. */
  async function checkSuccessPage(page: Page, name: string) {
    for (const [size, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      expect(await axeViolations(page), `axe at ${viewport.width} px`).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `horizontal overflow at ${viewport.width} px`).toBeLessThanOrEqual(0);
      await screenshot(page, `invoice-download-${name}-${size}`);
    }
  }

  it('downloads the invoice of a business order paid by card: its number, the company and the pass in the PDF', async () => {
    const { page, errors } = await open();
    const id = await reservePass(page, 'urs.muster+invoice@example.org');
    const company = 'Klangwerk Seefeld GmbH';
    await billing(page).getByRole('checkbox', { name: t('reservation-page.i-need-an-invoice') }).check();
    await billing(page).getByRole('radio', { name: t('invoice.type.business') }).check();
    await field(billing(page), 'reservation-page.company-name').fill(company);
    await field(billing(page), 'reservation-page.vat-number', t('common.vat')).fill('CHE-123.456.789');
    await field(billing(page), 'reservation-page.address-line-1').fill('Seestrasse 1');
    await field(billing(page), 'reservation-page.zip-postal-code').fill('8002');
    await field(billing(page), 'reservation-page.city').fill('Zurich');
    const country = billing(page).getByRole('combobox', { name: new RegExp(t('reservation-page.country')) });
    await country.fill('Switzerland');
    await country.press('Enter');
    await payByCard(page);

    const link = await downloadLink(page, 'invoice');
    expect(await page.getByRole('link', { name: t('reservation-page-complete.download-your-receipt') }).count()).toBe(0);
    expect(await link.getAttribute('href')).toBe(`/api/v2/public/event/${WINTER}/reservation/${id}/invoice`);
    const order = await reservation(id);
    expect(order).toMatchObject({ status: 'COMPLETE', paid: true, invoiceRequested: true, invoiceOrReceiptDocumentPresent: true });
    expect(order.invoiceNumber).toBeTruthy();

    const answer = await download(page, link);
    expect(answer.status).toBe(200);
    expect(answer.contentType).toMatch(/^application\/pdf/);
    expect(answer.disposition).toMatch(new RegExp(`^attachment; filename="${WINTER}-.*-${escape(order.invoiceNumber!)}-${id}\\.pdf"$`));
    expect(answer.suggestedFilename).toMatch(new RegExp(`-${id}\\.pdf$`));
    expect(answer.saved.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(answer.saved);
    expect(text).toContain(labels.invoice);
    expect(text).toContain(`${labels.invoiceNumber}: ${order.invoiceNumber}`);
    expect(text).toContain(company);
    expect(text).toContain('CHE-123.456.789');
    // what was bought: the event and the pass's line
    expect(text).toContain(WINTER_TITLE);
    expect(text).toContain(PASS);
    // the page's own request answers the same document as the click saved
    expect(await pdfText(answer.pdf)).toBe(text);

    await checkSuccessPage(page, 'invoice');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('offers the receipt of a private order that asked for no invoice, and the PDF says receipt', async () => {
    const { page, errors } = await open(PHONE);
    const id = await reservePass(page, 'urs.muster+receipt@example.org');
    // invoicing is allowed, not imposed: the box stays unticked and no billing data is asked
    const box = billing(page).getByRole('checkbox', { name: t('reservation-page.i-need-an-invoice') });
    expect(await box.isChecked()).toBe(false);
    await payByCard(page);

    const link = await downloadLink(page, 'receipt');
    expect(await page.getByRole('link', { name: t('reservation-page-complete.download-your-invoice') }).count()).toBe(0);
    expect(await link.getAttribute('href')).toBe(`/api/v2/public/event/${WINTER}/reservation/${id}/receipt`);
    const order = await reservation(id);
    expect(order).toMatchObject({ status: 'COMPLETE', paid: true, invoiceRequested: false, invoiceNumber: null, invoiceOrReceiptDocumentPresent: true });

    const answer = await download(page, link);
    expect(answer.status).toBe(200);
    expect(answer.contentType).toMatch(/^application\/pdf/);
    expect(answer.disposition).toBe(`attachment; filename="receipt-${WINTER}-${id}.pdf"`);
    expect(answer.suggestedFilename).toBe(`receipt-${WINTER}-${id}.pdf`);
    const text = await pdfText(answer.saved);
    expect(text).toContain(labels.receipt);
    expect(text).not.toContain(labels.invoiceNumber);
    expect(text).toContain('Urs Muster');
    expect(text).toContain(PASS);
    expect(await pdfText(answer.pdf)).toBe(text);

    await checkSuccessPage(page, 'receipt');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
