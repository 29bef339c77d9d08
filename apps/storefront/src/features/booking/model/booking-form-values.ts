import type { BookingForm } from '@ticketing/sales/booking-rules';
import type { AdditionalField, BookingTicket } from './additional-field';
import { savedValues } from './additional-field';

/** Spec 9: the Italian e-invoicing reference types. */
export const ITALIAN_REFERENCE_TYPES = ['ADDRESSEE_CODE', 'PEC', 'NONE'] as const;
export type ItalianReferenceType = (typeof ITALIAN_REFERENCE_TYPES)[number];

/** Extra field values by field name; several values only for a multi-value checkbox. */
export type AdditionalValues = Readonly<Record<string, readonly string[]>>;

/** One attendee (`UpdateTicketOwnerForm` on the wire). */
export interface TicketFormValues {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly userLanguage: string;
  readonly additional: AdditionalValues;
}

/** An additional service linked to a ticket, with its own extra fields (`AdditionalServiceLinkForm`). */
export interface AdditionalServiceLinkValues {
  readonly additionalServiceItemId: number;
  readonly ticketUUID: string;
  readonly additional: AdditionalValues;
}

export interface SubscriptionOwnerValues {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly additional: AdditionalValues;
}

/**
 * The form values of the booking step (spec 3), named as the server names them (`ContactAndTicketsForm`), so
 * the body is these values and a server error's field name is the path of the value it is about.
 */
export interface BookingFormValues {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  /** By ticket uuid. */
  readonly tickets: Readonly<Record<string, TicketFormValues>>;
  readonly invoiceRequested: boolean;
  /** The invoice type: false = private customer, true = business. */
  readonly addCompanyBillingDetails: boolean;
  readonly billingAddressCompany: string;
  readonly billingAddressLine1: string;
  readonly billingAddressLine2: string;
  readonly billingAddressZip: string;
  readonly billingAddressCity: string;
  readonly billingAddressState: string;
  /** The billing country (ISO code); also the prefix of the VAT number. */
  readonly vatCountryCode: string;
  readonly customerReference: string;
  readonly vatNr: string;
  readonly skipVatNr: boolean;
  /** The fiscal code (country IT) or tax id (other countries). */
  readonly italyEInvoicingFiscalCode: string;
  readonly italyEInvoicingReferenceType: ItalianReferenceType | null;
  readonly italyEInvoicingReferenceAddresseeCode: string;
  readonly italyEInvoicingReferencePEC: string;
  readonly italyEInvoicingSplitPayment: boolean;
  readonly postponeAssignment: boolean;
  /** By ticket uuid. */
  readonly additionalServices: Readonly<Record<string, readonly AdditionalServiceLinkValues[]>>;
  /** Subscriptions only. */
  readonly differentSubscriptionOwner?: boolean;
  readonly subscriptionOwner?: SubscriptionOwnerValues;
}

export type BookingFormPatch = Partial<BookingFormValues>;

export const emptyBookingForm: BookingFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  tickets: {},
  invoiceRequested: false,
  addCompanyBillingDetails: false,
  billingAddressCompany: '',
  billingAddressLine1: '',
  billingAddressLine2: '',
  billingAddressZip: '',
  billingAddressCity: '',
  billingAddressState: '',
  vatCountryCode: '',
  customerReference: '',
  vatNr: '',
  skipVatNr: false,
  italyEInvoicingFiscalCode: '',
  italyEInvoicingReferenceType: null,
  italyEInvoicingReferenceAddresseeCode: '',
  italyEInvoicingReferencePEC: '',
  italyEInvoicingSplitPayment: false,
  postponeAssignment: false,
  additionalServices: {},
};

/** The extra fields of a ticket in display order: before the standard ones, then after. */
export const ticketFields = (ticket: BookingTicket): readonly AdditionalField[] => [
  ...ticket.ticketFieldConfigurationBeforeStandard,
  ...ticket.ticketFieldConfigurationAfterStandard,
];

/**
 * A ticket's starting values: what the server saved, and the language preset when the event has exactly one
 * content language (spec 2), else the visitor's if the event offers it.
 */
export function ticketFormValuesOf(ticket: BookingTicket, contentLanguages: readonly { locale: string }[], language: string): TicketFormValues {
  const offered = contentLanguages.map((l) => l.locale);
  const userLanguage =
    ticket.userLanguage || (offered.length === 1 ? offered[0]! : (offered.find((l) => l.toLowerCase() === language.toLowerCase()) ?? ''));
  const additional: Record<string, string[]> = {};
  for (const field of ticketFields(ticket)) additional[field.name] = savedValues(field);
  return { firstName: ticket.firstName ?? '', lastName: ticket.lastName ?? '', email: ticket.email ?? '', userLanguage, additional };
}

/** Spec 4: ADDRESSEE_CODE clears the PEC, PEC clears the addressee code, NONE clears both. */
export function italianReferenceTypePatch(type: ItalianReferenceType | null): BookingFormPatch {
  return {
    italyEInvoicingReferenceType: type,
    ...(type !== 'ADDRESSEE_CODE' ? { italyEInvoicingReferenceAddresseeCode: '' } : {}),
    ...(type !== 'PEC' ? { italyEInvoicingReferencePEC: '' } : {}),
  };
}

/**
 * The form as validate-to-overview receives it (`ContactAndTicketsForm`, the booking rules' `BookingForm`), and as
 * the client-side check judges it. Spec 4, booking submit: an invoice without company billing details sends no
 * company, VAT number or skip flag.
 */
export function bookingFormForSubmit(values: BookingFormValues): BookingForm {
  const sent = values.addCompanyBillingDetails ? values : { ...values, billingAddressCompany: '', vatNr: '', skipVatNr: false };
  return { ...sent, differentSubscriptionOwner: sent.differentSubscriptionOwner ?? false };
}

/** The invoicing settings of the purchase context the booking step reads (`InvoicingConfiguration`). */
export interface InvoiceSettings {
  readonly onlyInvoice: boolean;
  readonly invoiceAllowed: boolean;
  readonly customerReferenceEnabled: boolean;
  readonly vatNumberStrictlyRequired: boolean;
  readonly enabledItalyEInvoicing: boolean;
}

/**
 * Spec 2, Invoice: a free order has no invoice form; with only invoicing allowed it is always shown; with
 * invoicing merely allowed a checkbox (invoiceRequested) reveals it.
 */
export type InvoiceMode = 'none' | 'always' | 'on-request';

export function invoiceModeOf(settings: Pick<InvoiceSettings, 'onlyInvoice' | 'invoiceAllowed'>, free: boolean): InvoiceMode {
  if (free) return 'none';
  if (settings.onlyInvoice) return 'always';
  return settings.invoiceAllowed ? 'on-request' : 'none';
}

/** Whether the billing fields are in play (and so validated). */
export const invoiceFormShown = (mode: InvoiceMode, values: Pick<BookingFormValues, 'invoiceRequested'>): boolean =>
  mode === 'always' || (mode === 'on-request' && values.invoiceRequested);

/** Spec 5: a skip-VAT checkbox is offered when a VAT number is not strictly required. */
export const skipVatOffered = (settings: Pick<InvoiceSettings, 'vatNumberStrictlyRequired'>): boolean => !settings.vatNumberStrictlyRequired;

/** The Italian fields apply with e-invoicing enabled and a country chosen; the reference type only for Italy. */
export const italianFieldsShown = (settings: Pick<InvoiceSettings, 'enabledItalyEInvoicing'>, values: Pick<BookingFormValues, 'vatCountryCode'>): boolean =>
  settings.enabledItalyEInvoicing && values.vatCountryCode !== '';

export const isItaly = (values: Pick<BookingFormValues, 'vatCountryCode'>): boolean => values.vatCountryCode.toUpperCase() === 'IT';

/** Spec 2: with a single ticket and attendee autocomplete off, the first ticket offers to copy the contact data. */
export const copyContactOffered = (ticketCount: number, enableAttendeeAutocomplete: boolean): boolean =>
  ticketCount === 1 && !enableAttendeeAutocomplete;

/** The attendee values a copy of the contact data sets (not the e-mail when that is read-only). */
export function contactAsAttendee(contact: Pick<BookingFormValues, 'firstName' | 'lastName' | 'email'>, emailReadOnly: boolean): Partial<TicketFormValues> {
  return { firstName: contact.firstName, lastName: contact.lastName, ...(emailReadOnly ? {} : { email: contact.email }) };
}

/**
 * Spec 2: 'postpone assignment' is offered only with no additional services, assignment not forced, more than
 * one ticket and no category linked to groups.
 */
export function postponeAssignmentOffered(options: {
  readonly additionalServiceCount: number;
  readonly forceAssignment: boolean;
  readonly ticketCount: number;
  readonly containsCategoriesLinkedToGroups: boolean;
}): boolean {
  return options.additionalServiceCount === 0 && !options.forceAssignment && options.ticketCount > 1 && !options.containsCategoriesLinkedToGroups;
}
