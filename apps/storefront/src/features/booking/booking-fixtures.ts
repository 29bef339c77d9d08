import type { BookingContext } from '@ticketing/sales/booking-rules';
import type { AdditionalField, BookingTicket } from './model/additional-field';
import type { BookingContextSource } from './model/booking-context';
import { bookingContextOf } from './model/booking-context';
import type { BookingFormValues, InvoiceSettings, TicketFormValues } from './model/booking-form-values';
import { emptyBookingForm } from './model/booking-form-values';

/** Test data in the wire shapes of reference/public-api.md section 2. */
export const TICKET_A = '5f1c1a53-1c4e-4e8b-9a39-5a2f5f0b7e11';
export const TICKET_B = '0b8a6c2e-7d1f-4a55-8c1e-2f3d4e5f6a7b';

export function makeField(name: string, overrides: Partial<AdditionalField> = {}): AdditionalField {
  return {
    name,
    value: null,
    type: 'input:text',
    required: false,
    editable: true,
    minLength: null,
    maxLength: null,
    restrictedValues: [],
    fields: [],
    beforeStandardFields: false,
    description: { en: { label: `Label ${name}`, placeholder: `Placeholder ${name}`, restrictedValuesDescription: {} } },
    ...overrides,
  };
}

export function makeTicket(uuid: string, overrides: Partial<BookingTicket> = {}): BookingTicket {
  return {
    uuid,
    firstName: null,
    lastName: null,
    email: '',
    userLanguage: null,
    locked: false,
    acquired: false,
    ticketFieldConfigurationBeforeStandard: [],
    ticketFieldConfigurationAfterStandard: [],
    ...overrides,
  };
}

export const attendee = (overrides: Partial<TicketFormValues> = {}): TicketFormValues => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.org',
  userLanguage: 'en',
  additional: {},
  ...overrides,
});

export const invoicing = (overrides: Partial<InvoiceSettings> = {}): InvoiceSettings => ({
  onlyInvoice: false,
  invoiceAllowed: true,
  customerReferenceEnabled: false,
  vatNumberStrictlyRequired: false,
  enabledItalyEInvoicing: false,
  ...overrides,
});

/** A form a private buyer could send: contact filled, no invoice. */
export const validForm = (overrides: Partial<BookingFormValues> = {}): BookingFormValues => ({
  ...emptyBookingForm,
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.org',
  ...overrides,
});

/** Billing data that passes the billing rules. */
export const billing: Partial<BookingFormValues> = {
  invoiceRequested: true,
  billingAddressLine1: 'Via Roma 1',
  billingAddressZip: '00100',
  billingAddressCity: 'Roma',
  vatCountryCode: 'CH',
};

export const COUNTRIES = [
  { isoCode: 'AT', name: 'Austria' },
  { isoCode: 'CH', name: 'Switzerland' },
  { isoCode: 'DE', name: 'Germany' },
  { isoCode: 'IT', name: 'Italy' },
  { isoCode: 'RE', name: 'Réunion' },
];

/** 2024-06-15 12:00 local time. */
export const NOW = new Date(2024, 5, 15, 12, 0, 0).getTime();

/** The booking rules' context of a paid order of no tickets in Zurich at NOW, bent by `overrides`. */
export const rulesContext = (overrides: Partial<BookingContextSource> = {}): BookingContext =>
  bookingContextOf({
    tickets: [],
    supplements: [],
    free: false,
    invoicing: { ...invoicing(), euVatCheckingEnabled: false },
    forceAssignment: false,
    containsCategoriesLinkedToGroups: false,
    contentLanguages: [{ locale: 'en' }],
    timeZone: 'Europe/Zurich',
    now: NOW,
    ...overrides,
  });
