import type { BookingQuestion } from './booking-question.js';

/**
 * Everything the booking rules need besides the form, gathered by the caller: the reservation's tickets and
 * items with the questions asked of each, the invoicing settings, today's date, and the outcome of the EU VAT
 * check the server made beforehand (the domain calls no service). The server builds it from the catalog, the
 * storefront from the reservation view (with the VAT check NOT_CHECKED: only the server asks VIES).
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
  /** What its attendee is asked besides names, e-mail and language (the fields of the ticket's category). */
  readonly questions: readonly BookingQuestion[];
}

/** One booked unit of a supplement (an additional service item). */
export interface BookedItem {
  /** As the reservation view numbers items: the key of `additionalServiceItemId`. */
  readonly itemId: number;
  /** What is asked about this item (the fields of its supplement). */
  readonly questions: readonly BookingQuestion[];
}

export interface BookingContext {
  /** A subscription purchase has no tickets; its owner may be someone else than the buyer. */
  readonly purchaseContextType: 'event' | 'subscription';
  readonly tickets: readonly BookedTicket[];
  readonly items: readonly BookedItem[];
  readonly invoicing: InvoicingSettings;
  /** The order's total is above zero. */
  readonly paymentRequired: boolean;
  /** The event makes the buyer name every attendee now (`forceAssignment`). */
  readonly forceAssignment: boolean;
  /** Some category is linked to an attendee group (always false until groups exist). */
  readonly categoriesLinkedToGroups: boolean;
  /** The event's content languages, the first being the default. */
  readonly contentLanguages: readonly string[];
  /**
   * The call's language (`lang`) among the content languages: what an attendee whose form names none (or one the event
   * does not speak) is written to in, as alf.io takes the request's locale. Absent or null: the first content language.
   */
  readonly language?: string | null;
  /** Today in the event's time zone, ISO `yyyy-MM-dd`: the limit for dates of birth. */
  readonly today: string;
  /** ISO codes of the EU member states (Greece as `GR`). */
  readonly euCountryCodes: readonly string[];
  /** Every ISO 3166-1 alpha-2 code: what a country field may hold. */
  readonly countryCodes: readonly string[];
  /** The EU VAT (VIES) check of the billing VAT number, done by the server before validating. */
  readonly vatCheck: { readonly status: VatCheckStatus };
  /**
   * The VIES outcome of each `vat:eu` answer the server checked (see vatFieldChecks), by the answer compacted
   * (compactVatNumber); an answer not listed is judged by its format alone (the storefront lists none).
   */
  readonly vatFieldChecks?: Readonly<Record<string, VatCheckStatus>>;
}
