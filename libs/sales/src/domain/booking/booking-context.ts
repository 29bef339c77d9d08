import type { AttendeeField } from '@ticketing/catalog';

/**
 * Everything the booking rules need besides the form, gathered by the caller: the reservation's tickets and
 * items, the event's fields and invoicing settings, today's date, and the outcome of the EU VAT check the
 * server made beforehand (the domain calls no service).
 */

/** `InvoicingConfiguration` of the purchase context (reference section 2), minus the download flag. */
export interface InvoicingSettings {
  readonly invoiceAllowed: boolean;
  readonly onlyInvoice: boolean;
  readonly euVatCheckingEnabled: boolean;
  readonly customerReferenceEnabled: boolean;
  readonly enabledItalyEInvoicing: boolean;
  readonly vatNumberStrictlyRequired: boolean;
}

/** NOT_CHECKED: no check was asked for (not a business, checking off, not an EU country, no number). */
export type VatCheckStatus = 'NOT_CHECKED' | 'VALID' | 'INVALID' | 'UNAVAILABLE';

export interface BookedTicket {
  readonly ticketId: string;
  readonly categoryId: number;
}

/** One booked unit of a supplement (an additional service item). */
export interface BookedItem {
  readonly itemId: number;
  readonly serviceId: number;
}

export interface BookingContext {
  /** A subscription purchase has no tickets; its owner may be someone else than the buyer. */
  readonly purchaseContextType: 'event' | 'subscription';
  readonly tickets: readonly BookedTicket[];
  readonly items: readonly BookedItem[];
  /** The event's attendee fields (per ticket, or per item of a supplement when `additionalServiceId` is set). */
  readonly attendeeFields: readonly AttendeeField[];
  readonly invoicing: InvoicingSettings;
  /** The order's total is above zero. */
  readonly paymentRequired: boolean;
  /** The event makes the buyer name every attendee now (`forceAssignment`). */
  readonly forceAssignment: boolean;
  /** Some category is linked to an attendee group (always false until groups exist). */
  readonly categoriesLinkedToGroups: boolean;
  /** The event's content languages, the first being the default. */
  readonly contentLanguages: readonly string[];
  /** Today in the event's time zone, ISO `yyyy-MM-dd`: the limit for dates of birth. */
  readonly today: string;
  /** ISO codes of the EU member states (Greece as `GR`). */
  readonly euCountryCodes: readonly string[];
  /** Every ISO 3166-1 alpha-2 code: what a country field may hold. */
  readonly countryCodes: readonly string[];
  /** The EU VAT (VIES) check of the billing VAT number, done by the server before validating. */
  readonly vatCheck: { readonly status: VatCheckStatus };
}
