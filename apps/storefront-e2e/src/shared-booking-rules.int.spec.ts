import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@ticketing/testing/app';
import {
  additionalService,
  attendeeField,
  catalogEvent,
  eventDetails,
  localDaysFrom,
  organizer,
  ticketCategory,
} from '@ticketing/testing/catalog-events';
// The storefront's own check, exactly as the booking page runs it: one table for both sides of the booking rules
// (an end-to-end project may import both applications).
import { bookingFormForSubmit, emptyBookingForm, type AdditionalValues, type BookingFormValues, type TicketFormValues } from '../../storefront/src/features/booking/model/booking-form-values.js';
import { mapServerErrors, type MappedErrors } from '../../storefront/src/features/booking/model/server-errors.js';
import { validateBookingForm } from '../../storefront/src/features/booking/model/validate-booking-form.js';
import { bookingRulesContextOf } from '../../storefront/src/features/checkout/model/booking-rules-context.js';

/**
 * One table of booking-step cases, each run through the server's validate-to-overview (HTTP, real application on
 * PostgreSQL) and through the storefront's check (validateBookingForm on the context the booking page builds from
 * the same reservation view and event): both must find the same field errors (name, code, arguments) and the
 * same form-wide ones, and those must be the table's. A rule changed on one side only fails here.
 */

interface Ids {
  /** The reservation's only ticket. */
  readonly ticket: string;
  /** Its supplement item (the paid event only). */
  readonly item: number;
}

interface Case {
  readonly name: string;
  /** `paid`: questions on the ticket and a supplement item; `italy`: Italian e-invoicing, invoice only. */
  readonly event: 'paid' | 'italy';
  /** What the buyer changed in a valid booking (`today`: the event's date, yyyy-MM-dd). */
  readonly values: (ids: Ids, today: string) => Partial<BookingFormValues>;
  /** Field name -> code. */
  readonly errors: (ids: Ids) => Record<string, string>;
  readonly global?: readonly string[];
}

const MISSING_ATTENDEE_DATA = 'error.STEP_2_MISSING_ATTENDEE_DATA';

/** The date `years` before `today`, moved by `days` (dates of birth around a birthday). */
function yearsBefore(today: string, years: number, days = 0): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y - years, m - 1, d + days)).toISOString().slice(0, 10);
}

const ticketField = (ids: Ids, name: string) => `tickets[${ids.ticket}].${name}`;
const answerField = (ids: Ids, name: string) => `tickets[${ids.ticket}].additional[${name}][0]`;
const itemField = (ids: Ids, name: string) => `additionalServices[${ids.ticket}][0].additional[${name}][0]`;

/** The attendee's answers of a valid booking on the paid event: company, size, date of birth (30 years old). */
const validAnswers = (today: string): AdditionalValues => ({ company: ['ACME'], size: ['M'], born: [yearsBefore(today, 30)] });

function attendee(ids: Ids, today: string, patch: Partial<TicketFormValues> = {}, answers: AdditionalValues = {}): Partial<BookingFormValues> {
  const base: TicketFormValues = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.org', userLanguage: 'en', additional: validAnswers(today) };
  return { tickets: { [ids.ticket]: { ...base, ...patch, additional: { ...base.additional, ...answers } } } };
}

const answering = (answers: AdditionalValues) => (ids: Ids, today: string) => attendee(ids, today, {}, answers);
const printName = (value: string) => (ids: Ids) => ({
  additionalServices: { [ids.ticket]: [{ additionalServiceItemId: ids.item, ticketUUID: ids.ticket, additional: { printName: [value] } }] },
});

const swissInvoice = { invoiceRequested: true, billingAddressLine1: 'Bahnhofstrasse 1', billingAddressZip: '8001', billingAddressCity: 'Zürich', vatCountryCode: 'CH' };
const italianInvoice = {
  firstName: 'Mario',
  lastName: 'Rossi',
  invoiceRequested: true,
  billingAddressLine1: 'Via Roma 1',
  billingAddressZip: '20121',
  billingAddressCity: 'Milano',
  billingAddressState: 'MI',
  vatCountryCode: 'IT',
  italyEInvoicingFiscalCode: 'RSSMRA85T10A562S',
  italyEInvoicingReferenceType: 'ADDRESSEE_CODE' as const,
  italyEInvoicingReferenceAddresseeCode: 'ABC1234',
};

const none = () => ({});

const cases: readonly Case[] = [
  { name: 'a valid booking', event: 'paid', values: none, errors: none },
  { name: 'contact: everything empty', event: 'paid', values: () => ({ firstName: '', lastName: ' ', email: '' }), errors: () => ({ email: 'error.STEP_2_EMPTY_EMAIL', firstName: 'error.STEP_2_EMPTY_FIRSTNAME', lastName: 'error.STEP_2_EMPTY_LASTNAME' }) },
  { name: 'contact: malformed e-mail', event: 'paid', values: () => ({ email: 'ada.example.org' }), errors: () => ({ email: 'error.STEP_2_INVALID_EMAIL' }) },
  // the reference makes an address without a top-level domain a warning only; the client copy refused it
  { name: 'contact: e-mail without a top-level domain (a warning, not an error)', event: 'paid', values: () => ({ email: 'ada@localhost' }), errors: none },
  { name: 'contact: first name of 256 characters', event: 'paid', values: () => ({ firstName: 'x'.repeat(256) }), errors: () => ({ firstName: 'error.STEP_2_MAX_LENGTH_FIRSTNAME' }) },
  {
    name: 'invoice: address missing',
    event: 'paid',
    values: () => ({ invoiceRequested: true }),
    errors: () => ({ billingAddressLine1: 'error.emptyField', billingAddressZip: 'error.emptyField', billingAddressCity: 'error.emptyField', vatCountryCode: 'error.emptyField' }),
  },
  {
    // reference item 20: 256 / 51 / 50; the client copy stopped at 255 for the address line
    name: 'invoice: lengths (address line of 256 passes, zip of 52 and customer reference of 51 do not)',
    event: 'paid',
    values: () => ({ ...swissInvoice, billingAddressLine1: 'x'.repeat(256), billingAddressZip: '1'.repeat(52), customerReference: 'r'.repeat(51) }),
    errors: () => ({ billingAddressZip: 'error.tooLong', customerReference: 'error.tooLong' }),
  },
  { name: 'invoice: unknown country', event: 'paid', values: () => ({ ...swissInvoice, vatCountryCode: 'XX' }), errors: () => ({ vatCountryCode: 'error.restrictedValue' }) },
  {
    name: 'invoice: business without VAT number',
    event: 'paid',
    values: () => ({ ...swissInvoice, addCompanyBillingDetails: true, billingAddressCompany: 'ACME AG' }),
    errors: () => ({ vatNr: 'error.emptyField' }),
  },
  { name: 'invoice: business that skips the VAT number', event: 'paid', values: () => ({ ...swissInvoice, addCompanyBillingDetails: true, billingAddressCompany: 'ACME AG', skipVatNr: true }), errors: none },
  { name: 'Italian e-invoicing: a valid one', event: 'italy', values: () => italianInvoice, errors: none },
  {
    name: 'Italian e-invoicing: nothing Italian filled in, province and postal code malformed',
    event: 'italy',
    values: () => ({ ...italianInvoice, italyEInvoicingFiscalCode: '', italyEInvoicingReferenceType: null, italyEInvoicingReferenceAddresseeCode: '', billingAddressState: 'Milano', billingAddressZip: '2012' }),
    errors: () => ({
      italyEInvoicingFiscalCode: 'error.emptyField',
      italyEInvoicingReferenceType: 'error.italyEInvoicingReferenceTypeSelectValue',
      billingAddressState: 'error.length',
      billingAddressZip: 'error.length',
    }),
  },
  // the client copy only limited the code to 7 characters: 'AB-12' went through to the server
  { name: 'Italian e-invoicing: addressee code not 7 letters or digits', event: 'italy', values: () => ({ ...italianInvoice, italyEInvoicingReferenceAddresseeCode: 'AB-12' }), errors: () => ({ italyEInvoicingReferenceAddresseeCode: 'error.lengthMustBe7' }) },
  {
    name: 'Italian e-invoicing: malformed PEC',
    event: 'italy',
    values: () => ({ ...italianInvoice, italyEInvoicingReferenceType: 'PEC', italyEInvoicingReferencePEC: 'mario' }),
    errors: () => ({ italyEInvoicingReferencePEC: 'error.STEP_2_INVALID_EMAIL' }),
  },
  {
    // spec 5 and the reference: the fiscal code (tax id) is required; the client copy let a skipped VAT number waive it
    name: 'Italian e-invoicing: a German business skipping its VAT number still gives a tax id',
    event: 'italy',
    values: () => ({ ...swissInvoice, vatCountryCode: 'DE', addCompanyBillingDetails: true, billingAddressCompany: 'ACME GmbH', skipVatNr: true }),
    errors: () => ({ italyEInvoicingFiscalCode: 'error.emptyField' }),
  },
  {
    name: 'attendee: names and e-mail empty',
    event: 'paid',
    values: (ids, today) => attendee(ids, today, { firstName: '', lastName: '', email: '' }),
    errors: (ids) => ({ [ticketField(ids, 'email')]: 'error.email', [ticketField(ids, 'firstName')]: 'error.STEP_2_EMPTY_FIRSTNAME', [ticketField(ids, 'lastName')]: 'error.STEP_2_EMPTY_LASTNAME' }),
    global: [MISSING_ATTENDEE_DATA],
  },
  { name: 'attendee: malformed e-mail', event: 'paid', values: (ids, today) => attendee(ids, today, { email: 'grace@' }), errors: (ids) => ({ [ticketField(ids, 'email')]: 'error.email' }), global: [MISSING_ATTENDEE_DATA] },
  { name: 'extra field: required and empty', event: 'paid', values: answering({ company: [' '] }), errors: (ids) => ({ [answerField(ids, 'company')]: 'error.emptyField' }), global: [MISSING_ATTENDEE_DATA] },
  { name: 'extra field: too short', event: 'paid', values: answering({ company: ['A'] }), errors: (ids) => ({ [answerField(ids, 'company')]: 'error.tooShort' }), global: [MISSING_ATTENDEE_DATA] },
  { name: 'extra field: too long', event: 'paid', values: answering({ company: ['ABCDEFGHIJK'] }), errors: (ids) => ({ [answerField(ids, 'company')]: 'error.tooLong' }), global: [MISSING_ATTENDEE_DATA] },
  { name: 'extra field: not one of the values offered', event: 'paid', values: answering({ size: ['XXL'] }), errors: (ids) => ({ [answerField(ids, 'size')]: 'error.restrictedValue' }), global: [MISSING_ATTENDEE_DATA] },
  { name: 'extra field: a value withdrawn', event: 'paid', values: answering({ size: ['L'] }), errors: (ids) => ({ [answerField(ids, 'size')]: 'error.disabledValue' }), global: [MISSING_ATTENDEE_DATA] },
  // the client copy answered error.dateOfBirthInFuture / error.invalidDate, codes the server never sends
  { name: 'date of birth: tomorrow', event: 'paid', values: (ids, today) => attendee(ids, today, {}, { born: [yearsBefore(today, 0, 1)] }), errors: (ids) => ({ [answerField(ids, 'born')]: 'error.restrictedValue' }), global: [MISSING_ATTENDEE_DATA] },
  { name: 'date of birth: today', event: 'paid', values: (ids, today) => attendee(ids, today, {}, { born: [today] }), errors: (ids) => ({ [answerField(ids, 'born')]: 'error.restrictedValue' }), global: [MISSING_ATTENDEE_DATA] },
  { name: 'date of birth: not a date', event: 'paid', values: (ids, today) => attendee(ids, today, {}, { born: ['2001-02-30'] }), errors: (ids) => ({ [answerField(ids, 'born')]: 'error.restrictedValue' }), global: [MISSING_ATTENDEE_DATA] },
  { name: 'date of birth: 18 tomorrow (too young)', event: 'paid', values: (ids, today) => attendee(ids, today, {}, { born: [yearsBefore(today, 18, 1)] }), errors: (ids) => ({ [answerField(ids, 'born')]: 'error.tooYoung' }), global: [MISSING_ATTENDEE_DATA] },
  { name: 'date of birth: 18 today', event: 'paid', values: (ids, today) => attendee(ids, today, {}, { born: [yearsBefore(today, 18)] }), errors: none },
  // the round-up: a year begun counts, so 65 and one day is too old for a limit of 65 (the client copy let it through)
  { name: 'date of birth: 65 yesterday (too old, a year begun counts)', event: 'paid', values: (ids, today) => attendee(ids, today, {}, { born: [yearsBefore(today, 65, -1)] }), errors: (ids) => ({ [answerField(ids, 'born')]: 'error.tooOld' }), global: [MISSING_ATTENDEE_DATA] },
  { name: 'date of birth: 65 today', event: 'paid', values: (ids, today) => attendee(ids, today, {}, { born: [yearsBefore(today, 65)] }), errors: none },
  { name: 'date of birth: 70 (too old)', event: 'paid', values: (ids, today) => attendee(ids, today, {}, { born: [yearsBefore(today, 70)] }), errors: (ids) => ({ [answerField(ids, 'born')]: 'error.tooOld' }), global: [MISSING_ATTENDEE_DATA] },
  { name: 'supplement item: its required field empty', event: 'paid', values: printName(''), errors: (ids) => ({ [itemField(ids, 'printName')]: 'error.emptyField' }), global: [MISSING_ATTENDEE_DATA] },
  { name: 'supplement item: its field too long', event: 'paid', values: printName('Ada Augusta King'), errors: (ids) => ({ [itemField(ids, 'printName')]: 'error.tooLong' }), global: [MISSING_ATTENDEE_DATA] },
  { name: 'supplement item: not linked to a ticket', event: 'paid', values: () => ({ additionalServices: {} }), errors: none, global: ['error.STEP_2_ADDITIONAL_ITEMS_NOT_ASSIGNED'] },
  {
    // a booked supplement forbids postponing (reference item 20); the client copy skipped the attendees anyway
    name: 'postponed assignment while a supplement is booked',
    event: 'paid',
    values: () => ({ postponeAssignment: true, tickets: {} }),
    errors: (ids) => ({
      [ticketField(ids, 'email')]: 'error.email',
      [ticketField(ids, 'firstName')]: 'error.STEP_2_EMPTY_FIRSTNAME',
      [ticketField(ids, 'lastName')]: 'error.STEP_2_EMPTY_LASTNAME',
      [answerField(ids, 'company')]: 'error.emptyField',
    }),
    global: [MISSING_ATTENDEE_DATA],
  },
];

interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- wire JSON, read as the storefront reads it
}

interface Booking {
  readonly shortName: string;
  readonly reservationId: string;
  readonly ids: Ids;
}

const codes = ({ fields }: MappedErrors) => Object.fromEntries(Object.entries(fields).map(([field, e]) => [field, e.code]));

describe('one set of booking rules: validate-to-overview and the storefront agree, case by case', () => {
  let app: TestApp;
  let headers: Record<string, string>;
  const bookings = {} as Record<Case['event'], Booking>;

  const call = async (method: 'GET' | 'POST', url: string, payload?: object): Promise<Answer> => {
    const response = await app.inject({ method, url: `/api/v2/public${url}`, headers, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.body ? response.json() : null };
  };

  async function book(shortName: string, additionalService: object[]): Promise<Booking> {
    const reserved = await call('POST', `/event/${shortName}/reserve-tickets?lang=en`, { reservation: [{ ticketCategoryId: 1, amount: 1 }], additionalService });
    expect(reserved.status).toBe(200);
    const reservationId = reserved.body.value as string;
    const view = (await call('GET', `/reservation/${reservationId}`)).body;
    const ticket = view.ticketsByCategory[0].tickets[0].uuid as string;
    const item = (view.additionalServiceWithData[0]?.itemId ?? 0) as number;
    return { shortName, reservationId, ids: { ticket, item } };
  }

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMITS: 'off', RESERVATION_SWEEP_INTERVAL_MS: '0' });
    headers = await app.session();
    await app.given('organizer-acme', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer() } })]);
    const now = new Date();
    const dates = { start: localDaysFrom(now, 30), end: localDaysFrom(now, 30, '23:00:00') };
    const { invoicing } = eventDetails();
    const inEvent = <T extends object>(shortName: string, data: T) => ({ eventShortName: shortName, ...data });

    await app.given('event-rules-paid', [
      catalogEvent({ type: 'EventPublished', data: { event: eventDetails({ shortName: 'rules-paid', ...dates, invoicing: { ...invoicing, customerReferenceEnabled: true } }) } }),
      catalogEvent({ type: 'CapacityDefined', data: inEvent('rules-paid', { capacity: { id: 1, key: 'hall', name: 'Hall', size: 50 } }) }),
      catalogEvent({ type: 'TicketCategoryAdded', data: inEvent('rules-paid', { category: ticketCategory({ id: 1, price: 4500, capacityId: 1 }) }) }),
      catalogEvent({ type: 'AdditionalServiceAdded', data: inEvent('rules-paid', { service: additionalService({ id: 1, key: 'print', maxQtyPerOrder: 1 }) }) }),
      catalogEvent({ type: 'AttendeeFieldAdded', data: inEvent('rules-paid', { field: attendeeField({ name: 'company', required: true, minLength: 2, maxLength: 10, beforeStandardFields: true }) }) }),
      catalogEvent({ type: 'AttendeeFieldAdded', data: inEvent('rules-paid', { field: attendeeField({ name: 'size', type: 'select', required: false, maxLength: null, restrictedValues: ['S', 'M', 'L'], disabledValues: ['L'], ordinal: 1 }) }) }),
      catalogEvent({ type: 'AttendeeFieldAdded', data: inEvent('rules-paid', { field: attendeeField({ name: 'born', type: 'input:dateOfBirth', required: false, minLength: 18, maxLength: 65, ordinal: 2 }) }) }),
      catalogEvent({ type: 'AttendeeFieldAdded', data: inEvent('rules-paid', { field: attendeeField({ name: 'printName', required: true, maxLength: 12, additionalServiceId: 1 }) }) }),
    ]);
    await app.given('event-rules-italy', [
      catalogEvent({ type: 'EventPublished', data: { event: eventDetails({ shortName: 'rules-italy', ...dates, invoicing: { ...invoicing, enabledItalyEInvoicing: true } }) } }),
      catalogEvent({ type: 'CapacityDefined', data: inEvent('rules-italy', { capacity: { id: 1, key: 'hall', name: 'Hall', size: 50 } }) }),
      catalogEvent({ type: 'TicketCategoryAdded', data: inEvent('rules-italy', { category: ticketCategory({ id: 1, price: 4500, capacityId: 1 }) }) }),
    ]);
    bookings.paid = await book('rules-paid', [{ additionalServiceId: 1, quantity: 1 }]);
    bookings.italy = await book('rules-italy', []);
  });

  afterAll(async () => {
    await app?.close();
  });

  it('books what the table assumes: one ticket, and one supplement item on the paid event', () => {
    expect(bookings.paid.ids.item).toBeGreaterThan(0);
    expect(bookings.italy.ids.ticket).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_, testCase) => {
    const { shortName, reservationId, ids } = bookings[testCase.event];
    const [view, event] = await Promise.all([call('GET', `/reservation/${reservationId}`), call('GET', `/event/${shortName}`)]);
    const now = Date.now();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: event.body.timeZone }).format(now);
    const valid: BookingFormValues = {
      ...emptyBookingForm,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.org',
      ...attendee(ids, today),
      ...(testCase.event === 'paid' ? printName('Ada')(ids) : {}),
    };
    const values: BookingFormValues = { ...valid, ...testCase.values(ids, today) };

    // the storefront: its check on the context the booking page builds from the same view and event
    const client = validateBookingForm(values, bookingRulesContextOf(view.body, event.body, now));
    // the server: the body the storefront sends, its answer placed as the booking page places it
    const answer = await call('POST', `/reservation/${reservationId}/validate-to-overview?lang=en`, bookingFormForSubmit(values));
    expect([200, 422]).toContain(answer.status);
    const server = mapServerErrors(answer.body.validationErrors ?? []);

    expect(codes(server)).toEqual(testCase.errors(ids));
    expect(server.global.map((e) => e.code)).toEqual(testCase.global ?? []);
    expect(client).toEqual(server);
  });
});
