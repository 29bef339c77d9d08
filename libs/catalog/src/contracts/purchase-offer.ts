import type { AdditionalService, AttendeeField, Capacity, EventDetails, Organizer, PromoCode, SubscriptionDescriptor, TicketCategory } from './catalog.events.js';

/** A category as a buyer can reserve it right now. Availability is not here: the inventory decides that. */
/** The names of the attendee fields whose answer stays once given (catalog `editable: false`, spec 4 field locking). */
export const fixedFieldNames = (offer: Pick<PurchaseOffer, 'attendeeFields'>): string[] => offer.attendeeFields.filter((f) => !f.editable).map((f) => f.name);

export interface OfferedCategory {
  readonly category: TicketCategory;
  /** Inside its sale window now. */
  readonly onSale: boolean;
  /** Public, or revealed by the buyer's ACCESS code. */
  readonly accessible: boolean;
  /** The category's maximum, else the event's (a code's usage limit is the inventory's to check). */
  readonly maxPerReservation: number;
}

export interface OfferedService {
  readonly service: AdditionalService;
  readonly onSale: boolean;
}

/**
 * What the catalog says about buying from one event at one instant, with the buyer's code: the facts the
 * sales context decides a reservation on, computed by the same rules that render the event page, so the
 * page never offers what the reservation then refuses.
 */
export interface PurchaseOffer {
  readonly event: EventDetails;
  readonly organizer: Organizer | null;
  readonly totalSeats: number | null;
  readonly capacities: readonly Capacity[];
  readonly categories: readonly OfferedCategory[];
  readonly services: readonly OfferedService[];
  /**
   * The code the buyer typed: null when none was given; `found: false` when the event has no such code;
   * `usable` when it is inside its validity window and in the event's currency (its usage limit is
   * checked by the inventory, atomically with the seats).
   */
  readonly code: { readonly text: string; readonly found: PromoCode | null; readonly usable: boolean } | null;
  /**
   * Every question of the booking form, by ordinal: those of a category or supplement the buyer does not
   * take are the caller's to skip (`categoryIds`, `additionalServiceId`).
   */
  readonly attendeeFields: readonly AttendeeField[];
  /** What the organizer can invoice and the booking form asks for (the event's settings, the organizer's details). */
  readonly invoicing: InvoicingTerms;
}

/** The wire's `InvoicingConfiguration` of a purchase context (reference section 2), as the catalog resolves it. */
export interface InvoicingTerms {
  readonly userCanDownloadReceiptOrInvoice: boolean;
  readonly euVatCheckingEnabled: boolean;
  readonly invoiceAllowed: boolean;
  readonly onlyInvoice: boolean;
  readonly customerReferenceEnabled: boolean;
  readonly enabledItalyEInvoicing: boolean;
  readonly vatNumberStrictlyRequired: boolean;
}

/** What a buyer can know of buying a pass: the descriptor as published, its organizer, and whether it sells now. */
export interface SubscriptionOffer {
  readonly descriptor: SubscriptionDescriptor;
  readonly organizer: Organizer | null;
  /** Inside the descriptor's sale window at the time asked (how many are left is the sales context's count). */
  readonly onSale: boolean;
  /** As the subscription page gives it (invoicingConfiguration): descriptors carry no invoicing choices of their own. */
  readonly invoicing: InvoicingTerms;
}
