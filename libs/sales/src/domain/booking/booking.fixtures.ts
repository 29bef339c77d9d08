import { euCountryCodes, isoCountryCodes } from '@ticketing/i18n';
import type { BookingContext, InvoicingSettings } from './booking-context.js';
import type { BookingForm, TicketOwnerForm } from './booking-form.js';
import type { BookingQuestion } from './booking-question.js';
import type { BookingValidation } from './validate-booking.js';

/** Builders for the booking specs: a valid two-ticket booking that each spec bends one way. */

export const T1 = '11111111-1111-4111-8111-111111111111';
export const T2 = '22222222-2222-4222-8222-222222222222';

export const invoicing = (overrides: Partial<InvoicingSettings> = {}): InvoicingSettings => ({
  invoiceAllowed: true,
  onlyInvoice: false,
  euVatCheckingEnabled: true,
  customerReferenceEnabled: true,
  enabledItalyEInvoicing: false,
  vatNumberStrictlyRequired: false,
  ...overrides,
});

export const context = (overrides: Partial<BookingContext> = {}): BookingContext => ({
  purchaseContextType: 'event',
  tickets: [
    { ticketId: T1, questions: [] },
    { ticketId: T2, questions: [] },
  ],
  items: [],
  invoicing: invoicing(),
  paymentRequired: true,
  forceAssignment: false,
  categoriesLinkedToGroups: false,
  contentLanguages: ['en', 'de'],
  today: '2027-03-15',
  euCountryCodes,
  countryCodes: isoCountryCodes,
  vatCheck: { status: 'NOT_CHECKED' },
  ...overrides,
});

export const attendee = (overrides: Partial<TicketOwnerForm> = {}): TicketOwnerForm => ({
  email: 'grace@example.org',
  firstName: 'Grace',
  lastName: 'Hopper',
  userLanguage: 'en',
  additional: {},
  ...overrides,
});

export const form = (overrides: Partial<BookingForm> = {}): BookingForm => ({
  email: 'ada@example.org',
  firstName: 'Ada',
  lastName: 'Lovelace',
  postponeAssignment: false,
  invoiceRequested: false,
  italyEInvoicingSplitPayment: false,
  tickets: { [T1]: attendee(), [T2]: attendee({ email: 'charles@example.org', firstName: 'Charles', lastName: 'Babbage' }) },
  additionalServices: {},
  differentSubscriptionOwner: false,
  ...overrides,
});

/** A complete Swiss billing address. */
export const swissAddress = {
  billingAddressLine1: 'Bahnhofstrasse 1',
  billingAddressZip: '8001',
  billingAddressCity: 'Zürich',
  vatCountryCode: 'CH',
} as const satisfies Partial<BookingForm>;

export const question = (overrides: Partial<BookingQuestion> & { name: string }): BookingQuestion => ({
  type: 'input:text',
  required: false,
  minLength: null,
  maxLength: null,
  restrictedValues: [],
  disabledValues: [],
  ...overrides,
});

/** The context with `questions` asked of ticket T1 only. */
export const askingT1 = (questions: readonly BookingQuestion[], overrides: Partial<BookingContext> = {}): BookingContext =>
  context({ tickets: [{ ticketId: T1, questions }, { ticketId: T2, questions: [] }], ...overrides });

/** `[field, code, ...args]` of each error, in order: what a client receives, minus texts. */
export const errorsOf = (result: BookingValidation) => result.errors.map((e) => [e.field, e.code, ...e.args]);
export const warningsOf = (result: BookingValidation) => result.warnings.map((w) => [w.field, w.code, ...w.args]);
