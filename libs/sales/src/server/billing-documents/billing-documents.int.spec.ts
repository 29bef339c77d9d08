import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandBus } from '@nestjs/cqrs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { additionalService, catalogEvent, eventDetails, localDaysFrom, organizer, ticketCategory } from '@ticketing/testing/catalog-events';
import { startTestApp, type TestApp } from '@ticketing/testing/app';
import { ConfirmOfflinePaymentCommand } from '../confirm-offline-payment/confirm-offline-payment.command.js';

interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- wire JSON, asserted field by field
}

const standardFontDataUrl = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts') + '/';

/** The PDF's text as a reader copies it (pdf.js), runs of white space folded to one space. */
async function pdfText(pdf: Buffer): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(pdf), standardFontDataUrl, useSystemFonts: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? `${item.str} ` : '')).join(''));
  }
  await document.destroy();
  return pages.join(' ').replace(/\s+/g, ' ');
}

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

/** Reference 23 and spec 6: the invoice of an order with an invoice number, the receipt of one without, and the 404s. */
describe('invoice and receipt downloads', () => {
  let app: TestApp;
  let headers: Record<string, string>;

  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object): Promise<Answer> => {
    const response = await app.inject({ method, url: `/api/v2/public${url}`, headers, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.body ? response.json() : null };
  };
  const download = (path: string) => app.inject({ method: 'GET', url: `/api/v2/public${path}` });
  const info = async (id: string) => (await call('GET', `/reservation/${id}`)).body;

  /** A reservation of one ticket (and `services`) on the overview of `shortName`, with `form` as its contact and invoice details. */
  async function toOverview(shortName: string, form: object, services: object[] = []): Promise<string> {
    const reserved = await call('POST', `/event/${shortName}/reserve-tickets?lang=en`, { reservation: [{ ticketCategoryId: 1, amount: 1 }], additionalService: services });
    expect(reserved.status, JSON.stringify(reserved.body)).toBe(200);
    const id = reserved.body.value as string;
    const view = await info(id);
    const ticket = (view.ticketsByCategory[0].tickets as { uuid: string }[])[0]!.uuid;
    // every booked item goes with the one ticket
    const items = (view.additionalServiceWithData as { itemId: number }[]).map(({ itemId }) => ({ additionalServiceItemId: itemId, ticketUUID: ticket, additional: {} }));
    const validated = await call('POST', `/reservation/${id}/validate-to-overview?lang=en`, { ...contact, ...form, tickets: { [ticket]: contact }, additionalServices: { [ticket]: items } });
    expect(validated.status, JSON.stringify(validated.body)).toBe(200);
    return id;
  }
  const payAtDesk = async (id: string) => expect((await call('POST', `/reservation/${id}?lang=en`, { paymentProxy: 'ON_SITE', ...terms })).status).toBe(200);
  async function payByTransfer(id: string) {
    expect((await call('POST', `/reservation/${id}?lang=en`, { paymentProxy: 'OFFLINE', ...terms })).status).toBe(200);
    expect(await app.app.get(CommandBus).execute(new ConfirmOfflinePaymentCommand(id, 'acme'))).toBe('CONFIRMED');
  }

  beforeAll(async () => {
    app = await startTestApp({ RESERVATION_SWEEP_INTERVAL_MS: '0' });
    headers = await app.session();
    await app.given('organizer-acme', [
      catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer({ invoicing: { ...organizer().invoicing!, invoiceNumberPattern: 'ACME-%04d' } }) } }),
    ]);
    const now = new Date();
    const published = (shortName: string, overrides: Parameters<typeof eventDetails>[0] = {}) => [
      catalogEvent({
        type: 'EventPublished',
        data: { event: eventDetails({ shortName, start: localDaysFrom(now, 30), end: localDaysFrom(now, 30, '23:00:00'), allowedPaymentProxies: ['ON_SITE', 'OFFLINE'], ...overrides }) },
      }),
      catalogEvent({ type: 'CapacityDefined', data: { eventShortName: shortName, capacity: { id: 1, key: 'hall', name: 'Hall', size: 50 } } }),
      catalogEvent({ type: 'TicketCategoryAdded', data: { eventShortName: shortName, category: ticketCategory({ id: 1, key: 'day', name: { en: 'Day pass', it: 'Giornaliero' }, price: 10770, capacityId: 1 }) } }),
    ];
    await app.given('event-fair', published('fair'));
    await app.given('event-fiera', published('fiera', { invoicing: { ...eventDetails().invoicing, invoiceAllowed: false, enabledItalyEInvoicing: true } }));
    await app.given('event-fattura', published('fattura', { invoicing: { ...eventDetails().invoicing, invoiceAllowed: true, enabledItalyEInvoicing: true } }));
    await app.given('event-shifting', published('shifting'));
    await app.given('event-mixed', [
      ...published('mixed', { vatIncluded: false }),
      catalogEvent({ type: 'AdditionalServiceAdded', data: { eventShortName: 'mixed', service: additionalService({ id: 1, key: 'parking', price: 500, vatType: 'CUSTOM_INCLUDED', vatPercentage: 2.5 }) } }),
      catalogEvent({
        type: 'AdditionalServiceAdded',
        data: { eventShortName: 'mixed', service: additionalService({ id: 2, key: 'gift', type: 'DONATION', title: { en: 'Gift' }, supplementPolicy: null, fixPrice: false, price: 0, vatType: 'NONE' }) },
      }),
    ]);
    await app.given('event-free-fair', [
      ...published('free-fair').slice(0, 2),
      catalogEvent({ type: 'TicketCategoryAdded', data: { eventShortName: 'free-fair', category: ticketCategory({ id: 1, key: 'free', price: 0, capacityId: 1 }) } }),
    ]);
  }, 60_000);

  afterAll(() => app?.close());

  describe('a business order with its invoice number', () => {
    let id: string;
    beforeAll(async () => {
      id = await toOverview('fair', business);
      await payAtDesk(id);
    });

    it('is offered as an invoice', async () => {
      expect(await info(id)).toMatchObject({ status: 'COMPLETE', paid: true, invoiceNumber: 'ACME-0001', invoiceOrReceiptDocumentPresent: true });
    });

    it('downloads as a PDF attachment naming the event, the time, the number and the order, not indexed', async () => {
      const response = await download(`/event/fair/reservation/${id}/invoice`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['x-robots-tag']).toBe('noindex');
      expect(response.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="fair-\\d{4}-\\d{2}-\\d{2}-\\d{6}-ACME-0001-${id}\\.pdf"$`));
      expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    });

    it('prints the number, the seller, the business buyer, the line, the VAT and the total', async () => {
      const text = await pdfText((await download(`/event/fair/reservation/${id}/invoice`)).rawPayload);
      for (const expected of ['Invoice', 'ACME-0001', id.slice(0, 8).toUpperCase(), 'Acme SA', 'Via Roma 1', 'CHE-123.456.789', 'Analytical Engines Ltd', 'Ada Lovelace', 'Via Nassa 1', '6900 Lugano', 'Switzerland', 'Jazz Night ·', 'CHE-111.222.333', 'Day pass', '107.70', 'VAT 7.70 %', '7.70', '100.00']) {
        expect(text).toContain(expected);
      }
    });

    it('has no receipt, and the same address with the pass type answers nothing', async () => {
      expect((await download(`/event/fair/reservation/${id}/receipt`)).statusCode).toBe(404);
      expect((await download(`/subscription/fair/reservation/${id}/invoice`)).statusCode).toBe(404);
    });
  });

  describe('the VAT note, as the order was priced', () => {
    it("stays what it was when the event's VAT setting changes after the sale (an issued invoice never changes)", async () => {
      const id = await toOverview('shifting', business);
      await payAtDesk(id);
      const invoice = async () => pdfText((await download(`/event/shifting/reservation/${id}/invoice`)).rawPayload);
      const issued = await invoice();
      expect(issued).toContain('Total CHF 107.70 Prices include VAT');
      const now = new Date();
      const details = eventDetails({ shortName: 'shifting', start: localDaysFrom(now, 30), end: localDaysFrom(now, 30, '23:00:00'), allowedPaymentProxies: ['ON_SITE', 'OFFLINE'] });
      await app.given('event-shifting', [catalogEvent({ type: 'EventDetailsChanged', data: { event: { ...details, vatIncluded: false } } })]);
      expect((await call('GET', '/event/shifting')).body).toMatchObject({ vatIncluded: false });
      const later = await invoice();
      expect(later).toBe(issued);
      expect(later).not.toContain('exclude');
    });

    it("says under each line how its price holds VAT when a supplement's policy differs from the event's, the totals as priced", async () => {
      const id = await toOverview('mixed', business, [{ additionalServiceId: 1, quantity: 1 }, { additionalServiceId: 2, quantity: 1, amount: '5.00' }]);
      await payAtDesk(id);
      const text = await pdfText((await download(`/event/mixed/reservation/${id}/invoice`)).rawPayload);
      // the ticket net at the event's 7.7 % (8.29 on top), the parking gross at its own 2.5 % (0.12 inside), the gift without VAT
      for (const expected of [
        'Day pass 1 107.70 7.70 % 107.70 Price excludes VAT',
        'Parking 1 5.00 2.50 % 5.00 Price includes VAT',
        'Gift 1 5.00 5.00 No VAT',
        'Subtotal 117.58',
        'VAT 7.70 % 8.29',
        'VAT 2.50 % 0.12',
        'Total CHF 125.99 VAT as stated on each line',
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).not.toContain('Prices exclude VAT');
    });
  });

  describe('a private order paid by bank transfer, without an invoice', () => {
    let id: string;
    beforeAll(async () => {
      id = await toOverview('fair', {});
      await payByTransfer(id);
    });

    it('is offered as a receipt', async () => {
      expect(await info(id)).toMatchObject({ status: 'COMPLETE', paid: true, invoiceNumber: null, invoiceOrReceiptDocumentPresent: true });
    });

    it('downloads as receipt-<event>-<order>.pdf with the buyer, the line and the payment', async () => {
      const response = await download(`/event/fair/reservation/${id}/receipt`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['x-robots-tag']).toBe('noindex');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="receipt-fair-${id}.pdf"`);
      const text = await pdfText(response.rawPayload);
      for (const expected of ['Receipt', 'Ada Lovelace', 'ada@example.org', 'Day pass', '107.70', 'Acme SA']) expect(text).toContain(expected);
      expect(text).not.toContain('ACME-');
    });

    it('has no invoice', async () => {
      expect((await download(`/event/fair/reservation/${id}/invoice`)).statusCode).toBe(404);
    });
  });

  describe('nothing to download', () => {
    it('before the money is in: a pending order, a transfer awaited', async () => {
      const pending = await toOverview('fair', business);
      const awaiting = await toOverview('fair', {});
      expect((await call('POST', `/reservation/${awaiting}?lang=en`, { paymentProxy: 'OFFLINE', ...terms })).status).toBe(200);
      for (const id of [pending, awaiting]) {
        expect(await info(id)).toMatchObject({ paid: false, invoiceOrReceiptDocumentPresent: false });
        expect((await download(`/event/fair/reservation/${id}/receipt`)).statusCode).toBe(404);
        expect((await download(`/event/fair/reservation/${id}/invoice`)).statusCode).toBe(404);
      }
    });

    it('for a free order', async () => {
      const id = await toOverview('free-fair', {});
      expect((await call('POST', `/reservation/${id}?lang=en`, terms)).status).toBe(200);
      expect(await info(id)).toMatchObject({ status: 'COMPLETE', paid: false, invoiceOrReceiptDocumentPresent: false });
      expect((await download(`/event/free-fair/reservation/${id}/receipt`)).statusCode).toBe(404);
    });

    it('for a cancelled order, an unknown one, one of another event, an unknown event or pass', async () => {
      const cancelled = await toOverview('fair', {});
      expect((await call('DELETE', `/reservation/${cancelled}`)).status).toBe(200);
      const paid = await toOverview('fair', {});
      await payByTransfer(paid);
      for (const path of [
        `/event/fair/reservation/${cancelled}/receipt`,
        '/event/fair/reservation/3b241101-e2bb-4255-8caf-4136c566a962/receipt',
        `/event/free-fair/reservation/${paid}/receipt`,
        `/event/nope/reservation/${paid}/receipt`,
        `/subscription/5f0c4c3e-9d1b-4c47-9a57-1f0e7d1b2c3d/reservation/${paid}/receipt`,
      ]) {
        expect([path, (await download(path)).statusCode]).toEqual([path, 404]);
      }
      expect((await download(`/event/fair/reservation/${paid}/receipt`)).statusCode).toBe(200);
    });

    it('a receipt where Italian e-invoicing forbids receipts: 400', async () => {
      const id = await toOverview('fiera', {});
      await payByTransfer(id);
      expect(await info(id)).toMatchObject({ paid: true, invoiceNumber: null, invoiceOrReceiptDocumentPresent: false });
      expect((await download(`/event/fiera/reservation/${id}/receipt`)).statusCode).toBe(400);
      expect((await download(`/event/fiera/reservation/${id}/invoice`)).statusCode).toBe(404);
    });

    it('an invoice where Italian e-invoicing sends it through the exchange system (userCanDownloadReceiptOrInvoice false): 400', async () => {
      const mario = { firstName: 'Mario', lastName: 'Rossi', email: 'mario@example.it' };
      const italian = { invoiceRequested: true, billingAddressLine1: 'Via Roma 1', billingAddressZip: '00100', billingAddressCity: 'Roma', billingAddressState: 'RM', vatCountryCode: 'IT', italyEInvoicingFiscalCode: 'RSSMRA85T10A562S', italyEInvoicingReferenceType: 'NONE' };
      const reserved = await call('POST', '/event/fattura/reserve-tickets?lang=en', { reservation: [{ ticketCategoryId: 1, amount: 1 }] });
      const id = reserved.body.value as string;
      const [ticket] = (await info(id)).ticketsByCategory[0].tickets as { uuid: string }[];
      const validated = await call('POST', `/reservation/${id}/validate-to-overview?lang=en`, { ...mario, ...italian, tickets: { [ticket!.uuid]: mario } });
      expect(validated.status, JSON.stringify(validated.body)).toBe(200);
      await payByTransfer(id);
      expect(await info(id)).toMatchObject({ paid: true, invoiceNumber: expect.stringMatching(/^ACME-\d{4}$/) });
      expect((await call('GET', '/event/fattura')).body.invoicingConfiguration).toMatchObject({ userCanDownloadReceiptOrInvoice: false });
      expect((await download(`/event/fattura/reservation/${id}/invoice`)).statusCode).toBe(400);
      expect((await download(`/event/fattura/reservation/${id}/receipt`)).statusCode).toBe(404); // it has an invoice number
    });

    it('a malformed order id: 422', async () => {
      expect((await download('/event/fair/reservation/not-a-uuid/receipt')).statusCode).toBe(422);
    });
  });
});
