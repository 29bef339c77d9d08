/**
 * The body of `POST /reservation/{id}/validate-to-overview`: alf.io's `ContactAndTicketsForm` (reference 3.3,
 * item 20), field for field. Absent or null values are allowed everywhere a client may leave them out: the rules
 * turn them into errors, the parser does not.
 */

export type ItalyEInvoicingReferenceType = 'ADDRESSEE_CODE' | 'PEC' | 'NONE';

/** Extra field name -> values (one for most field types, one per ticked box for a checkbox group). */
export type AdditionalAnswers = Readonly<Record<string, readonly string[]>>;

/** `AdditionalServiceLinkForm`: one booked supplement item, the ticket it goes with, its own extra fields. */
export interface AdditionalServiceLinkForm {
  readonly additionalServiceItemId: number | null;
  readonly ticketUUID: string | null;
  readonly additional: AdditionalAnswers | null;
}

/** `UpdateTicketOwnerForm`: the attendee of one ticket. */
export interface TicketOwnerForm {
  readonly email: string | null;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly fullName?: string | null;
  readonly userLanguage?: string | null;
  readonly additional: AdditionalAnswers | null;
  /**
   * The ticket update (reference 34): answers about the supplement items linked to the ticket. Inside the booking
   * form's `tickets` it is never read: items are linked through that form's own `additionalServices`.
   */
  readonly additionalServices?: Readonly<Record<string, readonly AdditionalServiceLinkForm[]>> | null;
}

/** The owner of a subscription bought for someone else. */
export interface SubscriptionOwnerForm {
  readonly email: string | null;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly additional?: AdditionalAnswers | null;
}

export interface BookingForm {
  readonly email: string | null;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly fullName?: string | null;
  /** Legacy free-text address; read by no rule. */
  readonly billingAddress?: string | null;
  readonly customerReference?: string | null;
  readonly expressCheckoutRequested?: boolean | null;
  readonly postponeAssignment: boolean;
  readonly invoiceRequested: boolean;
  /** true: a business invoice; false or absent: a private one. */
  readonly addCompanyBillingDetails?: boolean | null;
  readonly skipVatNr?: boolean | null;
  readonly billingAddressCompany?: string | null;
  readonly billingAddressLine1?: string | null;
  readonly billingAddressLine2?: string | null;
  readonly billingAddressZip?: string | null;
  readonly billingAddressCity?: string | null;
  readonly billingAddressState?: string | null;
  /** The billing country (ISO code; `EL` for Greece as the VAT lists spell it). */
  readonly vatCountryCode?: string | null;
  readonly vatNr?: string | null;
  readonly italyEInvoicingFiscalCode?: string | null;
  readonly italyEInvoicingReferenceType?: ItalyEInvoicingReferenceType | null;
  readonly italyEInvoicingReferenceAddresseeCode?: string | null;
  readonly italyEInvoicingReferencePEC?: string | null;
  readonly italyEInvoicingSplitPayment: boolean;
  /** Ticket id (public UUID) -> attendee. */
  readonly tickets: Readonly<Record<string, TicketOwnerForm>>;
  /** Ticket id -> the supplement items listed under it. */
  readonly additionalServices: Readonly<Record<string, readonly AdditionalServiceLinkForm[]>>;
  readonly differentSubscriptionOwner: boolean;
  readonly subscriptionOwner?: SubscriptionOwnerForm | null;
}
