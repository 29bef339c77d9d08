/**
 * What the buyer entered on the booking step, as validated and normalized (spec point 3, booking form values):
 * personal data, so it travels in events only as erasable personal data (see the reservation stream's log
 * mapping), never in clear `data`.
 */
export interface ItalianEInvoicing {
  readonly fiscalCode: string | null;
  readonly referenceType: 'ADDRESSEE_CODE' | 'PEC' | 'NONE';
  readonly addresseeCode: string | null;
  readonly pec: string | null;
  readonly splitPayment: boolean;
}

export interface BillingAddress {
  /** Null for a private invoice. */
  readonly companyName: string | null;
  readonly addressLine1: string;
  readonly addressLine2: string | null;
  readonly zip: string;
  readonly city: string;
  readonly state: string | null;
  /** ISO 3166-1 alpha-2. */
  readonly country: string;
  /** VAT number of a business (without the country prefix), or the tax id / fiscal code; null when skipped. */
  readonly taxId: string | null;
  readonly italianEInvoicing: ItalianEInvoicing | null;
}

export interface Attendee {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly userLanguage: string | null;
  /** Attendee field name -> values (one for most types, several for a checkbox group). */
  readonly answers: Readonly<Record<string, readonly string[]>>;
}

/** A booked supplement item and the ticket it belongs to, with the answers to its own fields. */
export interface ItemAssignment {
  readonly itemId: number;
  readonly ticketId: string | null;
  readonly answers: Readonly<Record<string, readonly string[]>>;
}

export interface BookingDetails {
  readonly contact: { readonly firstName: string; readonly lastName: string; readonly email: string };
  readonly invoiceRequested: boolean;
  /** addCompanyBillingDetails: a business invoice. */
  readonly business: boolean;
  readonly skipVatNr: boolean;
  readonly customerReference: string | null;
  readonly billing: BillingAddress | null;
  readonly postponeAssignment: boolean;
  /** Ticket id -> attendee; empty while assignment is postponed. */
  readonly attendees: Readonly<Record<string, Attendee>>;
  readonly items: readonly ItemAssignment[];
  /** A pass's order: who the pass is for (the buyer unless another owner was named). Absent for an event's. */
  readonly subscriptionOwner?: { readonly firstName: string; readonly lastName: string; readonly email: string } | null;
}
