import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Tests only: the catalog's fixtures and the real application, as the catalog's own API tests use them.
import { additionalService, attendeeField, catalogEvent, eventDetails, localDaysFrom, organizer, ticketCategory } from '@ticketing/testing/catalog-events';
import { startTestApp, type TestApp } from '@ticketing/testing/app';
import type { AttendeeField } from '@ticketing/catalog/contracts';

const now = new Date();
const e = 'forum';
const inEvent = <T extends object>(data: T) => ({ eventShortName: e, ...data });
const field = (name: string, overrides: Partial<AttendeeField>) => catalogEvent({ type: 'AttendeeFieldAdded', data: inEvent({ field: attendeeField({ name, required: false, ...overrides }) }) });

interface Field {
  name: string;
  value: string | null;
  fields: { fieldIndex: number; fieldValue: string | null }[];
}

describe('GET /api/v2/public/reservation/{id}: the questions as alf.io shows them', () => {
  let app: TestApp;
  let headers: Record<string, string>;

  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await app.inject({ method, url: `/api/v2/public${url}`, headers, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.body ? response.json() : null };
  };
  const reserve = async (body: object): Promise<string> => {
    const { status, body: answer } = await call('POST', `/event/${e}/reserve-tickets?lang=en`, body);
    expect(status, JSON.stringify(answer)).toBe(200);
    return answer.value as string;
  };
  const info = async (id: string) => (await call('GET', `/reservation/${id}`)).body;
  const fieldsOf = (questions: Field[]) => Object.fromEntries(questions.map((q) => [q.name, q.fields]));

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMITS: 'off', RESERVATION_SWEEP_INTERVAL_MS: '0' });
    headers = await app.session();
    await app.given('organizer-acme', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer() } })]);
    await app.given(`event-${e}`, [
      catalogEvent({ type: 'EventPublished', data: { event: eventDetails({ shortName: e, start: localDaysFrom(now, 30), end: localDaysFrom(now, 30, '23:00:00'), contentLanguages: ['en'] }) } }),
      catalogEvent({ type: 'TicketCategoryAdded', data: inEvent({ category: ticketCategory({ id: 1, key: 'regular', price: 2000, maxPerReservation: 5 }) }) }),
      catalogEvent({ type: 'AdditionalServiceAdded', data: inEvent({ service: additionalService({ id: 1, key: 'shirt', price: 1500, maxQtyPerOrder: 2 }) }) }),
      field('company', { type: 'input:text', required: true, ordinal: 1 }),
      field('phone', { type: 'input:tel', ordinal: 2 }),
      field('birth', { type: 'input:dateOfBirth', required: true, ordinal: 3 }),
      field('vat', { type: 'vat:eu', ordinal: 4 }),
      field('notes', { type: 'textarea', ordinal: 5 }),
      field('country', { type: 'country', ordinal: 6 }),
      field('size', { type: 'select', restrictedValues: ['S', 'M', 'L'], ordinal: 7 }),
      field('source', { type: 'radio', restrictedValues: ['web', 'friend'], ordinal: 8 }),
      field('newsletter', { type: 'checkbox', restrictedValues: ['yes'], ordinal: 9 }),
      field('days', { type: 'checkbox', restrictedValues: ['fri', 'sat', 'sun'], ordinal: 10 }),
      field('shirtSize', { type: 'select', restrictedValues: ['S', 'M'], additionalServiceId: 1, ordinal: 11 }),
      field('print', { type: 'checkbox', restrictedValues: ['front', 'back'], additionalServiceId: 1, ordinal: 12 }),
    ]);
  });
  afterAll(() => app.close());

  it('gives each question one entry per input the client builds, unanswered ones included', async () => {
    const id = await reserve({ reservation: [{ ticketCategoryId: 1, amount: 1 }], additionalService: [{ additionalServiceId: 1, quantity: 1 }] });
    const view = await info(id);
    const ticket = view.ticketsByCategory[0].tickets[0];
    const none = [{ fieldIndex: 0, fieldValue: null }];
    // a single-value question: one entry at index 0, null while unanswered (alf.io BookingInfoTicketLoader); a
    // checkbox group one per choice, "" while unanswered (FieldConfigurationDescriptionAndValue.getFields)
    expect(fieldsOf(ticket.ticketFieldConfigurationAfterStandard)).toEqual({
      company: none,
      phone: none,
      birth: none,
      vat: none,
      notes: none,
      country: none,
      size: none,
      source: none,
      newsletter: none,
      days: [0, 1, 2].map((fieldIndex) => ({ fieldIndex, fieldValue: '' })),
    });
    // a supplement item's question: "" while unanswered (alf.io AdditionalServiceHelper)
    expect(fieldsOf(view.additionalServiceWithData[0].ticketFieldConfiguration)).toEqual({
      shirtSize: [{ fieldIndex: 0, fieldValue: '' }],
      print: [0, 1].map((fieldIndex) => ({ fieldIndex, fieldValue: '' })),
    });
  });

  it('shows the answers at their inputs once recorded', async () => {
    const id = await reserve({ reservation: [{ ticketCategoryId: 1, amount: 1 }], additionalService: [{ additionalServiceId: 1, quantity: 1 }] });
    const before = await info(id);
    const ticket = before.ticketsByCategory[0].tickets[0].uuid as string;
    const item = before.additionalServiceWithData[0];
    const additional = { company: ['ACME'], birth: ['1990-05-17'], size: ['M'], newsletter: ['yes'], days: ['fri', 'sun'] };
    const validated = await call('POST', `/reservation/${id}/validate-to-overview?lang=en`, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.org',
      tickets: { [ticket]: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', additional } },
      additionalServices: { [ticket]: [{ additionalServiceItemId: item.itemId, ticketUUID: ticket, additional: { shirtSize: ['S'], print: ['back'] } }] },
    });
    expect(validated.status, JSON.stringify(validated.body)).toBe(200);
    const view = await info(id);
    const fields = fieldsOf(view.ticketsByCategory[0].tickets[0].ticketFieldConfigurationAfterStandard);
    expect(fields).toMatchObject({
      company: [{ fieldIndex: 0, fieldValue: 'ACME' }],
      birth: [{ fieldIndex: 0, fieldValue: '1990-05-17' }],
      phone: [{ fieldIndex: 0, fieldValue: null }],
      size: [{ fieldIndex: 0, fieldValue: 'M' }],
      newsletter: [{ fieldIndex: 0, fieldValue: 'yes' }],
      // an answered group: the ticked choices at their positions, null where unticked (alf.io keeps the client's nulls)
      days: [
        { fieldIndex: 0, fieldValue: 'fri' },
        { fieldIndex: 1, fieldValue: null },
        { fieldIndex: 2, fieldValue: 'sun' },
      ],
    });
    expect(fieldsOf(view.additionalServiceWithData[0].ticketFieldConfiguration)).toEqual({
      shirtSize: [{ fieldIndex: 0, fieldValue: 'S' }],
      print: [
        { fieldIndex: 0, fieldValue: null },
        { fieldIndex: 1, fieldValue: 'back' },
      ],
    });
  });

  it("prints the VAT rate the order was priced with, not the catalog's after a change (orderSummary.vatPercentage)", async () => {
    const details = eventDetails({ shortName: 'vat-fair', start: localDaysFrom(now, 30), end: localDaysFrom(now, 30, '23:00:00'), contentLanguages: ['en'], vatPercentage: 7.7, vatIncluded: true });
    await app.given('event-vat-fair', [
      catalogEvent({ type: 'EventPublished', data: { event: details } }),
      catalogEvent({ type: 'TicketCategoryAdded', data: { eventShortName: 'vat-fair', category: ticketCategory({ id: 1, key: 'regular', price: 10000 }) } }),
    ]);
    const reserved = await call('POST', '/event/vat-fair/reserve-tickets?lang=en', { reservation: [{ ticketCategoryId: 1, amount: 1 }] });
    expect(reserved.status, JSON.stringify(reserved.body)).toBe(200);
    const id = reserved.body.value as string;
    const before = (await info(id)).orderSummary;
    expect(before).toMatchObject({ vatPercentage: '7.70', totalVAT: '7.15' });
    await app.given('event-vat-fair', [catalogEvent({ type: 'EventDetailsChanged', data: { event: { ...details, vatPercentage: 8.1 } } })]);
    expect((await info(id)).orderSummary).toMatchObject({ vatPercentage: '7.70', totalVAT: before.totalVAT });
  });

  it("offers a select's values minus those disabled, keeping one already answered (restrictedValues, alf.io)", async () => {
    const size = attendeeField({ name: 'size', type: 'select', required: false, restrictedValues: ['S', 'M', 'L', 'XL'] });
    await app.given('event-shirts', [
      catalogEvent({ type: 'EventPublished', data: { event: eventDetails({ shortName: 'shirts', start: localDaysFrom(now, 30), end: localDaysFrom(now, 30, '23:00:00'), contentLanguages: ['en'] }) } }),
      catalogEvent({ type: 'TicketCategoryAdded', data: { eventShortName: 'shirts', category: ticketCategory({ id: 1, key: 'regular', price: 0 }) } }),
      catalogEvent({ type: 'AttendeeFieldAdded', data: { eventShortName: 'shirts', field: size } }),
    ]);
    const reserved = await call('POST', '/event/shirts/reserve-tickets?lang=en', { reservation: [{ ticketCategoryId: 1, amount: 2 }] });
    expect(reserved.status, JSON.stringify(reserved.body)).toBe(200);
    const id = reserved.body.value as string;
    const [a, b] = (await info(id)).ticketsByCategory[0].tickets.map((t: { uuid: string }) => t.uuid) as [string, string];
    const holder = (n: number, answer: string) => ({ firstName: `Guest${n}`, lastName: 'Smith', email: `guest${n}@example.org`, additional: { size: [answer] } });
    const ada = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' };
    const booked = await call('POST', `/reservation/${id}/validate-to-overview?lang=en`, { ...ada, tickets: { [a]: holder(0, 'L'), [b]: holder(1, 'S') } });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    // the organizer disables the sizes that ran out
    await app.given('event-shirts', [catalogEvent({ type: 'AttendeeFieldChanged', data: { eventShortName: 'shirts', field: { ...size, disabledValues: ['L', 'XL'] } } })]);
    const offered = Object.fromEntries(
      (await info(id)).ticketsByCategory[0].tickets.map((t: { uuid: string; ticketFieldConfigurationAfterStandard: { restrictedValues: string[]; disabledValues: string[] }[] }) => [
        t.uuid,
        t.ticketFieldConfigurationAfterStandard[0]!,
      ]),
    );
    expect(offered[a]).toMatchObject({ restrictedValues: ['S', 'M', 'L'], disabledValues: ['L', 'XL'] });
    expect(offered[b]).toMatchObject({ restrictedValues: ['S', 'M'], disabledValues: ['L', 'XL'] });

    // once the order is complete, the holder of L changes their name keeping L; the other ticket cannot take L now
    const confirmed = await call('POST', `/reservation/${id}?lang=en`, { paymentProxy: 'NONE', termAndConditionsAccepted: true, privacyPolicyAccepted: true });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const update = (ticket: string, form: object) => app.inject({ method: 'PUT', url: `/api/v2/public/event/shirts/ticket/${ticket}?lang=en`, headers, payload: form });
    const kept = await update(a, { ...holder(0, 'L'), firstName: 'Grace' });
    expect([kept.statusCode, kept.json().validationErrors]).toEqual([200, []]);
    const taken = await update(b, holder(1, 'L'));
    expect(taken.json().validationErrors.map((e: { fieldName: string; code: string }) => `${e.fieldName}:${e.code}`)).toEqual(['additional[size][0]:error.disabledValue']);
  });
});
