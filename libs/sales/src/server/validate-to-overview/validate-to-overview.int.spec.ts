import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Tests only: the catalog's fixtures and the real application, as the catalog's own API tests use them.
import { additionalService, attendeeField, catalogEvent, eventDetails, localDaysFrom, organizer, ticketCategory } from '@ticketing/testing/catalog-events';
import { reservationOpening, startTestApp, type TestApp } from '@ticketing/testing/app';
import type { AttendeeField } from '@ticketing/catalog/contracts';

const now = new Date();
const e = 'summit';
const inEvent = <T extends object>(data: T) => ({ eventShortName: e, ...data });
const field = (name: string, overrides: Partial<AttendeeField>) => catalogEvent({ type: 'AttendeeFieldAdded', data: inEvent({ field: attendeeField({ name, required: false, ...overrides }) }) });

/** VIES on 127.0.0.1: DE123456789 is registered, 555555555 is asked while VIES is down, anything else is unknown. */
function viesStandIn(asked: { countryCode: string; vatNumber: string }[]): Server {
  return createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      const query = JSON.parse(text) as { countryCode: string; vatNumber: string };
      asked.push(query);
      const body = query.vatNumber === '555555555' ? { valid: false, userError: 'MS_UNAVAILABLE' } : { valid: `${query.countryCode}${query.vatNumber}` === 'DE123456789' };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
}

interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- wire JSON, asserted field by field
}

describe('POST /api/v2/public/reservation/{id}/validate-to-overview with the forms alf.io\'s Angular client sends', () => {
  let app: TestApp;
  let headers: Record<string, string>;
  let vies: Server;
  const asked: { countryCode: string; vatNumber: string }[] = [];

  const call = async (method: 'GET' | 'POST', url: string, payload?: object): Promise<Answer> => {
    const response = await app.inject({ method, url: `/api/v2/public${url}`, headers, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.body ? response.json() : null };
  };
  const info = async (id: string) => (await call('GET', `/reservation/${id}`)).body;
  const validate = (id: string, form: object) => call('POST', `/reservation/${id}/validate-to-overview?lang=en`, form);
  const errorsOf = (body: { validationErrors: { fieldName: string; code: string }[] }) => body.validationErrors.map((v) => `${v.fieldName}:${v.code}`);
  const reserve = async (amount: number, shirts = 0): Promise<string> => {
    const { status, body } = await call('POST', `/event/${e}/reserve-tickets?lang=en`, {
      reservation: [{ ticketCategoryId: 1, amount: String(amount) }],
      additionalService: shirts ? [{ additionalServiceId: 1, quantity: shirts }] : [],
    });
    expect(status, JSON.stringify(body)).toBe(200);
    return body.value as string;
  };

  /**
   * The booking form as alf.io's Angular client posts it (frontend/projects/public/src/app/reservation/booking/
   * booking.component.ts: contactAndTicketsForm.value; shared/ticket.service.ts buildTicket and
   * buildAdditionalServicesFormGroup; shared/additional-field.service.ts: one control per `fields` entry, checkbox
   * groups pre-filled with null, additional-field.component.ts selectedCheckBox: the choice or null): every control
   * present, null where untouched, items grouped under the ticketUUID the view gives them.
   */
  const angularForm = (view: { ticketsByCategory: { tickets: { uuid: string }[] }[]; additionalServiceWithData: { itemId: number; ticketUUID: string | null; title: object }[] }, answers: (uuid: string, index: number) => Record<string, (string | null)[]>, items: Record<string, (string | null)[]> = {}) => {
    const tickets = view.ticketsByCategory.flatMap((c) => c.tickets);
    const additionalServices: Record<string, object[]> = {};
    for (const item of view.additionalServiceWithData) {
      (additionalServices[String(item.ticketUUID)] ??= []).push({ additionalServiceItemId: item.itemId, additionalServiceTitle: item.title, ticketUUID: item.ticketUUID, additional: items });
    }
    return {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.org',
      tickets: Object.fromEntries(
        tickets.map((t, i) => [t.uuid, { firstName: `Guest${i}`, lastName: 'Smith', email: `guest${i}@example.org`, userLanguage: 'en', additional: answers(t.uuid, i), additionalServices: {} }]),
      ),
      invoiceRequested: false,
      addCompanyBillingDetails: null,
      billingAddressCompany: null,
      billingAddressLine1: null,
      billingAddressLine2: null,
      billingAddressZip: null,
      billingAddressCity: null,
      billingAddressState: null,
      vatCountryCode: null,
      customerReference: null,
      vatNr: null,
      skipVatNr: null,
      italyEInvoicingFiscalCode: null,
      italyEInvoicingReferenceType: null,
      italyEInvoicingReferenceAddresseeCode: null,
      italyEInvoicingReferencePEC: null,
      italyEInvoicingSplitPayment: null,
      postponeAssignment: false,
      differentSubscriptionOwner: false,
      subscriptionOwner: null,
      additionalServices,
    };
  };
  const untouched = { company: ['ACME'], phone: [null], newsletter: [null], days: [null, null, null], vat: [null] };

  beforeAll(async () => {
    vies = viesStandIn(asked);
    await new Promise<void>((resolve) => vies.listen(0, '127.0.0.1', resolve));
    app = await startTestApp({ RATE_LIMITS: 'off', RESERVATION_SWEEP_INTERVAL_MS: '0', VAT_CHECK_URL: `http://127.0.0.1:${(vies.address() as AddressInfo).port}/check-vat-number` });
    headers = await app.session();
    await app.given('organizer-acme', [
      catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer({ invoicing: { companyName: 'Acme GmbH', address: 'Hauptstr. 1\n10115 Berlin', vatNumber: 'DE123456789', country: 'DE' } }) } }),
    ]);
    const details = eventDetails({ shortName: e, start: localDaysFrom(now, 30), end: localDaysFrom(now, 30, '23:00:00'), currency: 'EUR', contentLanguages: ['en'] });
    await app.given(`event-${e}`, [
      catalogEvent({ type: 'EventPublished', data: { event: { ...details, invoicing: { ...details.invoicing, euVatCheckingEnabled: true } } } }),
      catalogEvent({ type: 'TicketCategoryAdded', data: inEvent({ category: ticketCategory({ id: 1, key: 'regular', price: 2000, maxPerReservation: 5 }) }) }),
      catalogEvent({ type: 'AdditionalServiceAdded', data: inEvent({ service: additionalService({ id: 1, key: 'shirt', price: 1500, maxQtyPerOrder: 2 }) }) }),
      field('company', { type: 'input:text', required: true, ordinal: 1 }),
      field('phone', { type: 'input:tel', ordinal: 2 }),
      field('newsletter', { type: 'checkbox', restrictedValues: ['yes'], ordinal: 3 }),
      field('days', { type: 'checkbox', restrictedValues: ['fri', 'sat', 'sun'], ordinal: 4 }),
      field('vat', { type: 'vat:eu', ordinal: 5 }),
      field('shirtSize', { type: 'select', restrictedValues: ['S', 'M'], additionalServiceId: 1, ordinal: 6 }),
    ]);
    const festival = <T extends object>(data: T) => ({ eventShortName: 'festival', ...data });
    await app.given('event-festival', [
      catalogEvent({ type: 'EventPublished', data: { event: { ...details, shortName: 'festival' } } }),
      catalogEvent({ type: 'TicketCategoryAdded', data: festival({ category: ticketCategory({ id: 1, key: 'pass', price: 14900, maxPerReservation: 5 }) }) }),
      catalogEvent({ type: 'AdditionalServiceAdded', data: festival({ service: additionalService({ id: 1, key: 'tshirt', price: 3500, maxQtyPerOrder: 2 }) }) }),
      catalogEvent({
        type: 'AdditionalServiceAdded',
        data: festival({ service: additionalService({ id: 2, key: 'parking', supplementPolicy: 'OPTIONAL_MAX_AMOUNT_PER_RESERVATION', price: 3000, ordinal: 2 }) }),
      }),
      catalogEvent({
        type: 'AdditionalServiceAdded',
        data: festival({ service: additionalService({ id: 3, key: 'cleaning', supplementPolicy: 'MANDATORY_ONE_FOR_TICKET', price: 400, ordinal: 3 }) }),
      }),
      catalogEvent({
        type: 'AttendeeFieldAdded',
        data: festival({ field: attendeeField({ name: 'size', type: 'select', required: true, restrictedValues: ['S', 'M', 'L'], additionalServiceId: 1 }) }),
      }),
    ]);
    await app.given('event-zweisprachig', [
      catalogEvent({ type: 'EventPublished', data: { event: { ...details, shortName: 'zweisprachig', contentLanguages: ['de', 'fr'] } } }),
      catalogEvent({ type: 'TicketCategoryAdded', data: { eventShortName: 'zweisprachig', category: ticketCategory({ id: 1, key: 'eintritt', price: 0, maxPerReservation: 5 }) } }),
    ]);
  });
  afterAll(async () => {
    await app?.close();
    vies?.closeAllConnections();
    await new Promise<void>((resolve) => (vies ? vies.close(() => resolve()) : resolve()));
  });

  it('reads null in an extra field as no value: optional ones pass, required ones are empty under the rules\' own names', async () => {
    const id = await reserve(2);
    const view = await info(id);
    const ok = await validate(id, angularForm(view, () => untouched));
    expect([ok.status, ok.body]).toEqual([200, { success: true, errorCount: 0, validationErrors: [], value: true, warnings: [] }]);
    const ticket = view.ticketsByCategory[0].tickets[0].uuid;
    const missing = await validate(id, angularForm(view, (uuid) => (uuid === ticket ? { ...untouched, company: [null] } : untouched)));
    expect(missing.status).toBe(422);
    expect(errorsOf(missing.body)).toEqual([`tickets[${ticket}].additional[company][0]:error.emptyField`, 'contactAndTicketsForm:error.STEP_2_MISSING_ATTENDEE_DATA']);
    // ticked boxes among the nulls of their group are kept, unticked ones are no answer
    const ticked = await validate(id, angularForm(view, () => ({ ...untouched, newsletter: ['yes'], days: [null, 'sat', null] })));
    expect(ticked.status).toBe(200);
    const fields = (await info(id)).ticketsByCategory[0].tickets[0].ticketFieldConfigurationAfterStandard;
    expect(fields.find((f: { name: string }) => f.name === 'days').fields.map((f: { fieldValue: string | null }) => f.fieldValue)).toEqual([null, 'sat', null]);
    expect(fields.find((f: { name: string }) => f.name === 'phone').fields).toEqual([{ fieldIndex: 0, fieldValue: null }]);
  });

  it('writes to an attendee whose form names no language in the language the buyer booked in (alf.io: the request\'s locale)', async () => {
    const reserved = await call('POST', '/event/zweisprachig/reserve-tickets?lang=fr', { reservation: [{ ticketCategoryId: 1, amount: '2' }], additionalService: [] });
    expect(reserved.status, JSON.stringify(reserved.body)).toBe(200);
    const id = reserved.body.value as string;
    const [first, second] = (await info(id)).ticketsByCategory[0].tickets.map((t: { uuid: string }) => t.uuid);
    const attendee = (n: string) => ({ firstName: n, lastName: 'Curie', email: `${n.toLowerCase()}@example.org`, additional: {} });
    const form = { firstName: 'Marie', lastName: 'Curie', email: 'marie@example.org', tickets: { [first]: attendee('Marie'), [second]: { ...attendee('Irene'), userLanguage: 'de' } } };
    const validated = await call('POST', `/reservation/${id}/validate-to-overview?lang=fr`, form);
    expect(validated.status, JSON.stringify(validated.body)).toBe(200);
    const languages = Object.fromEntries((await info(id)).ticketsByCategory[0].tickets.map((t: { uuid: string; userLanguage: string }) => [t.uuid, t.userLanguage]));
    expect(languages).toEqual({ [first]: 'fr', [second]: 'de' });
  });

  it('reports every error of the form in one answer', async () => {
    const id = await reserve(1, 1);
    const view = await info(id);
    const ticket = view.ticketsByCategory[0].tickets[0].uuid;
    const form = angularForm(view, () => ({ ...untouched, company: [null], vat: ['NOT-A-VAT'] }), { shirtSize: [null] });
    // the item listed under no ticket, as a client shows an item the view links to none
    const refused = await validate(id, { ...form, invoiceRequested: true, additionalServices: { null: [{ additionalServiceItemId: view.additionalServiceWithData[0].itemId, ticketUUID: null, additional: { shirtSize: [null] } }] } });
    expect(refused.status).toBe(422);
    expect(errorsOf(refused.body)).toEqual([
      'billingAddressLine1:error.emptyField',
      'billingAddressZip:error.emptyField',
      'billingAddressCity:error.emptyField',
      'vatCountryCode:error.emptyField',
      'contactAndTicketsForm:error.STEP_2_ADDITIONAL_ITEMS_NOT_ASSIGNED',
      `tickets[${ticket}].additional[company][0]:error.emptyField`,
      `tickets[${ticket}].additional[vat][0]:error.STEP_2_INVALID_VAT`,
      'contactAndTicketsForm:error.STEP_2_INVALID_VAT',
    ]);
  });

  it('keeps the VAT number of a business outside the EU as written, and an EU one as VIES knows it', async () => {
    const id = await reserve(1);
    const view = await info(id);
    const business = (vatCountryCode: string, vatNr: string) =>
      validate(id, {
        ...angularForm(view, () => untouched),
        invoiceRequested: true,
        addCompanyBillingDetails: true,
        billingAddressCompany: 'ACME AG',
        billingAddressLine1: 'Bahnhofstrasse 1',
        billingAddressZip: '8001',
        billingAddressCity: 'Zürich',
        vatCountryCode,
        vatNr,
        skipVatNr: false,
      });
    for (const [country, vatNr, kept] of [
      ['CH', 'CHE-123.456.788 MWST', 'CHE-123.456.788 MWST'],
      ['GB', 'GB 123 4567 89', 'GB 123 4567 89'],
      ['NO', 'NO 123 456 789 MVA', 'NO 123 456 789 MVA'],
      ['DE', 'DE 123.456.789', '123456789'],
    ]) {
      expect((await business(country!, vatNr!)).status, vatNr).toBe(200);
      expect((await info(id)).billingDetails, vatNr).toMatchObject({ country, taxId: kept, companyName: 'ACME AG' });
    }
  });

  it('links every supplement item to a ticket when the reservation is made, so the client\'s form passes, and lets the buyer move it', async () => {
    // 2 tickets, 4 T-shirts, 1 parking, a cleaning fee per ticket (the demo Winter Festival's shape)
    const reserved = await call('POST', '/event/festival/reserve-tickets?lang=en', {
      reservation: [{ ticketCategoryId: 1, amount: '2' }],
      additionalService: [
        { additionalServiceId: 1, quantity: 4 },
        { additionalServiceId: 2, quantity: 1 },
      ],
    });
    expect(reserved.status).toBe(200);
    const id = reserved.body.value as string;
    const view = await info(id);
    const [first, second] = view.ticketsByCategory[0].tickets.map((t: { uuid: string }) => t.uuid);
    const links = (v: typeof view) => v.additionalServiceWithData.map((a: { serviceId: number; ticketUUID: string }) => [a.serviceId, a.ticketUUID]);
    // each supplement in turn through the tickets from the first, as alf.io links them (AdditionalServiceManager, linkWithEveryTicket)
    expect(links(view)).toEqual([
      [3, first],
      [3, second],
      [1, first],
      [1, second],
      [1, first],
      [1, second],
      [2, first],
    ]);
    // the log holds the links, with the opening
    const opened = await reservationOpening(app.store, id);
    expect((opened!.data as { itemLinks: unknown[] }).itemLinks).toHaveLength(7);

    // the form the Angular client builds from that view passes: every item is listed under its ticket
    const answersFor = { size: ['M'] };
    const ok = await validate(id, angularForm(view, () => ({}), answersFor));
    expect([ok.status, errorsOf(ok.body)]).toEqual([200, []]);

    // moving a T-shirt from the first ticket to the second, as a client does: listed under the other ticket
    const form = angularForm(view, () => ({}), answersFor) as { additionalServices: Record<string, { additionalServiceItemId: number; ticketUUID: string }[]> };
    const moved = form.additionalServices[first]!.find((l) => l.additionalServiceItemId === 3)!;
    form.additionalServices[first] = form.additionalServices[first]!.filter((l) => l !== moved);
    form.additionalServices[second]!.push({ ...moved, ticketUUID: second });
    expect((await validate(id, form)).status).toBe(200);
    expect(links(await info(id))).toEqual([
      [3, first],
      [3, second],
      [1, second],
      [1, second],
      [1, first],
      [1, second],
      [2, first],
    ]);
  });

  it('asks VIES about a vat:eu answer, as alf.io does when the event checks EU VAT numbers', async () => {
    const id = await reserve(1);
    const view = await info(id);
    const ticket = view.ticketsByCategory[0].tickets[0].uuid;
    const withVat = (vat: string) => validate(id, angularForm(view, () => ({ ...untouched, vat: [vat] })));

    asked.length = 0;
    expect((await withVat('DE 123.456.789')).status).toBe(200);
    expect(asked).toEqual([{ countryCode: 'DE', vatNumber: '123456789' }]);

    // well-formed but unknown to VIES; without a prefix it is asked in the organizer's country (alf.io's SameCountryValidator)
    asked.length = 0;
    const unknown = await withVat('987654321');
    expect(asked).toEqual([{ countryCode: 'DE', vatNumber: '987654321' }]);
    expect(errorsOf(unknown.body)).toEqual([`tickets[${ticket}].additional[vat][0]:error.STEP_2_INVALID_VAT`, 'contactAndTicketsForm:error.STEP_2_INVALID_VAT']);

    // malformed: refused without asking
    asked.length = 0;
    expect(errorsOf((await withVat('NOT-A-VAT')).body)).toContain(`tickets[${ticket}].additional[vat][0]:error.STEP_2_INVALID_VAT`);
    expect(asked).toEqual([]);

    // VIES down: the buyer is asked to try again
    expect(errorsOf((await withVat('DE555555555')).body)).toEqual([`tickets[${ticket}].additional[vat][0]:error.vatVIESDown`, 'contactAndTicketsForm:error.STEP_2_MISSING_ATTENDEE_DATA']);
  });
});
