import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandBus } from '@nestjs/cqrs';
import { pdfText } from '@ticketing/documents/testing';
import { catalogEvent, localDaysFrom, organizer, subscriptionDescriptor } from '@ticketing/testing/catalog-events';
import { startTestApp, type TestApp } from '@ticketing/testing/app';
import { ConfirmOfflinePaymentCommand } from '../confirm-offline-payment/confirm-offline-payment.command.js';

interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- wire JSON, asserted field by field
}

const ids = {
  free: '7c000000-0000-4000-8000-000000000001',
  paid: '7c000000-0000-4000-8000-000000000002',
  other: '7c000000-0000-4000-8000-000000000003',
  unknown: '7c000000-0000-4000-8000-0000000000ff',
};
const contact = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' };
const business = {
  invoiceRequested: true,
  addCompanyBillingDetails: true,
  billingAddressCompany: 'Analytical Engines Ltd',
  billingAddressLine1: 'Via Nassa 1',
  billingAddressZip: '6900',
  billingAddressCity: 'Lugano',
  vatCountryCode: 'CH',
  vatNr: 'CHE-111.222.333',
};
const terms = { termAndConditionsAccepted: true, privacyPolicyAccepted: true };

/** Reference 23 and spec 2 (subscription success page): the invoice or receipt of a pass's order, on the rules of an event's. */
describe("invoice and receipt downloads of a pass's order", () => {
  let app: TestApp;
  let headers: Record<string, string>;

  const call = async (method: 'GET' | 'POST', url: string, payload?: object, language = 'en'): Promise<Answer> => {
    const response = await app.inject({ method, url: `/api/v2/public${url}`, headers: { ...headers, 'accept-language': language }, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.body ? response.json() : null };
  };
  const download = (path: string) => app.inject({ method: 'GET', url: `/api/v2/public${path}` });
  const info = async (id: string) => (await call('GET', `/reservation/${id}`)).body;
  const documents = (descriptorId: string, id: string) => ({
    invoice: () => download(`/subscription/${descriptorId}/reservation/${id}/invoice`),
    receipt: () => download(`/subscription/${descriptorId}/reservation/${id}/receipt`),
  });

  /** A pass's order on its overview, opened in `language`, with `form` as its invoice details. */
  async function toOverview(descriptorId: string, form: object, language = 'en'): Promise<string> {
    const reserved = await call('POST', `/subscription/${descriptorId}`, undefined, language);
    expect(reserved.status, JSON.stringify(reserved.body)).toBe(200);
    const id = reserved.body.value as string;
    const validated = await call('POST', `/reservation/${id}/validate-to-overview?lang=${language}`, { ...contact, ...form });
    expect(validated.status, JSON.stringify(validated.body)).toBe(200);
    return id;
  }
  /** Confirmed in `language`, the one the buyer is on (the order goes on in it). */
  const awaitTransfer = async (id: string, language = 'en') => expect((await call('POST', `/reservation/${id}?lang=${language}`, { paymentProxy: 'OFFLINE', ...terms })).status).toBe(200);
  const confirmTransfer = async (id: string) => expect(await app.app.get(CommandBus).execute(new ConfirmOfflinePaymentCommand(id, 'acme'))).toBe('CONFIRMED');

  beforeAll(async () => {
    app = await startTestApp({ RESERVATION_SWEEP_INTERVAL_MS: '0' });
    headers = await app.session();
    await app.given('organizer-acme', [
      catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer({ invoicing: { ...organizer().invoicing!, invoiceNumberPattern: 'INV-%06d' } }) } }),
    ]);
    const sale = { start: localDaysFrom(new Date(), -1), end: null };
    for (const descriptor of [
      subscriptionDescriptor({ id: ids.free, sale, price: 0, allowedPaymentProxies: [] }),
      subscriptionDescriptor({ id: ids.paid, sale, price: 12000, allowedPaymentProxies: ['OFFLINE'] }),
      subscriptionDescriptor({ id: ids.other, sale, title: { en: 'Summer pass', it: 'Abbonamento estivo' }, price: 5000, allowedPaymentProxies: ['OFFLINE'] }),
    ]) {
      await app.given(`subscription-descriptor-${descriptor.id}`, [catalogEvent({ type: 'SubscriptionDescriptorPublished', data: { descriptor } })]);
    }
  }, 60_000);

  afterAll(() => app?.close());

  describe('a business order with an invoice, paid by bank transfer', () => {
    let id: string;
    beforeAll(async () => {
      id = await toOverview(ids.paid, business);
      await awaitTransfer(id);
    });

    it('has no document while the transfer is awaited', async () => {
      expect(await info(id)).toMatchObject({ status: 'OFFLINE_PAYMENT', paid: false, invoiceRequested: true, invoiceOrReceiptDocumentPresent: false });
      expect((await documents(ids.paid, id).invoice()).statusCode).toBe(404);
      expect((await documents(ids.paid, id).receipt()).statusCode).toBe(404);
    });

    it("goes FINALIZING -> COMPLETE with the next number of the organizer's sequence once the transfer is confirmed", async () => {
      await confirmTransfer(id);
      expect(await info(id)).toMatchObject({ status: 'COMPLETE', paid: true, invoiceNumber: 'INV-000001', invoiceOrReceiptDocumentPresent: true });
      const log = await app.store.readStream(`reservation-${id}`);
      expect(log.slice(-2).map((e) => [e.type, e.data['status'] ?? e.data['invoiceNumber']])).toEqual([
        ['OfflinePaymentConfirmed', 'FINALIZING'],
        ['ReservationFinalized', 'INV-000001'],
      ]);
      const sequence = await app.store.readStream('invoice-sequence-acme');
      expect(sequence.map((e) => [e.type, e.data['reservationId']])).toEqual([['InvoiceNumberAssigned', id]]);
    });

    it('downloads its invoice named by the descriptor, the time, the number and the order', async () => {
      const response = await documents(ids.paid, id).invoice();
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['x-robots-tag']).toBe('noindex');
      expect(response.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="${ids.paid}-\\d{4}-\\d{2}-\\d{2}-\\d{6}-INV-000001-${id}\\.pdf"$`));
    });

    it('prints the pass as its line with price and VAT, the organizer and the business buyer', async () => {
      const text = await pdfText((await documents(ids.paid, id).invoice()).rawPayload);
      for (const expected of ['Invoice', 'INV-000001', id.slice(0, 8).toUpperCase(), 'Season pass', '120.00', 'VAT 7.70 %', '8.58', '111.42', 'Acme SA', 'Via Roma 1', 'CHE-123.456.789']) {
        expect(text).toContain(expected);
      }
      for (const expected of ['Analytical Engines Ltd', 'Ada Lovelace', 'Via Nassa 1', '6900 Lugano', 'Switzerland', 'CHE-111.222.333']) expect(text).toContain(expected);
      // the line (description, quantity, unit price, VAT, total); the subject names the pass without a date (a pass has none)
      expect(text).toContain('Season pass 1 120.00 7.70 % 120.00');
      expect(text).not.toContain(' · ');
    });

    it('has no receipt, and answers nothing at another pass, an unknown one or as an event', async () => {
      expect((await documents(ids.paid, id).receipt()).statusCode).toBe(404);
      for (const path of [
        `/subscription/${ids.other}/reservation/${id}/invoice`,
        `/subscription/${ids.unknown}/reservation/${id}/invoice`,
        `/event/jazz-night/reservation/${id}/invoice`,
      ]) {
        expect([path, (await download(path)).statusCode]).toEqual([path, 404]);
      }
    });
  });

  describe('a private order in Italian paid by bank transfer, without an invoice', () => {
    let id: string;
    beforeAll(async () => {
      id = await toOverview(ids.paid, {}, 'it');
      await awaitTransfer(id, 'it');
      await confirmTransfer(id);
    });

    it('is COMPLETE without a number and offered as a receipt', async () => {
      expect(await info(id)).toMatchObject({ status: 'COMPLETE', paid: true, invoiceNumber: null, invoiceRequested: false, invoiceOrReceiptDocumentPresent: true });
    });

    it("downloads as receipt-<descriptor>-<order>.pdf naming the pass in the order's language, the amount and the buyer", async () => {
      const response = await documents(ids.paid, id).receipt();
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toBe(`attachment; filename="receipt-${ids.paid}-${id}.pdf"`);
      const text = await pdfText(response.rawPayload);
      for (const expected of ['Abbonamento 1 120.00', 'Ada Lovelace', 'ada@example.org', 'Acme SA']) expect(text).toContain(expected);
      expect(text).not.toContain('Season pass');
      expect(text).not.toContain('INV-');
    });

    it('has no invoice, and no receipt at another pass', async () => {
      expect((await documents(ids.paid, id).invoice()).statusCode).toBe(404);
      expect((await documents(ids.other, id).receipt()).statusCode).toBe(404);
    });
  });

  it("reads as the pass was priced after its descriptor's VAT setting changed (an issued document never changes)", async () => {
    const id = await toOverview(ids.other, {});
    await awaitTransfer(id);
    await confirmTransfer(id);
    const receipt = async () => pdfText((await documents(ids.other, id).receipt()).rawPayload);
    const issued = await receipt();
    expect(issued).toContain('Summer pass 1 50.00 7.70 % 50.00');
    expect(issued).toContain('Total CHF 50.00 Prices include VAT');
    const sale = { start: localDaysFrom(new Date(), -1), end: null };
    const changed = subscriptionDescriptor({ id: ids.other, sale, title: { en: 'Summer pass', it: 'Abbonamento estivo' }, price: 5000, allowedPaymentProxies: ['OFFLINE'], vatIncluded: false });
    await app.given(`subscription-descriptor-${ids.other}`, [catalogEvent({ type: 'SubscriptionDescriptorChanged', data: { descriptor: changed } })]);
    expect((await call('GET', `/subscription/${ids.other}`)).body).toMatchObject({ vatIncluded: false });
    expect(await receipt()).toBe(issued);
  });

  describe('nothing to download', () => {
    it('for a free pass, as for a free event order', async () => {
      const id = await toOverview(ids.free, {});
      expect((await call('POST', `/reservation/${id}?lang=en`, terms)).status).toBe(200);
      expect(await info(id)).toMatchObject({ status: 'COMPLETE', paid: false, invoiceOrReceiptDocumentPresent: false });
      expect((await documents(ids.free, id).receipt()).statusCode).toBe(404);
      expect((await documents(ids.free, id).invoice()).statusCode).toBe(404);
    });

    it('for a pending order, even one asking for an invoice', async () => {
      const id = await toOverview(ids.paid, business);
      expect(await info(id)).toMatchObject({ status: 'PENDING', invoiceOrReceiptDocumentPresent: false });
      expect((await documents(ids.paid, id).receipt()).statusCode).toBe(404);
      expect((await documents(ids.paid, id).invoice()).statusCode).toBe(404);
    });

    it('for an unknown order of a known pass', async () => {
      expect((await documents(ids.paid, '3b241101-e2bb-4255-8caf-4136c566a962').receipt()).statusCode).toBe(404);
    });
  });
});
