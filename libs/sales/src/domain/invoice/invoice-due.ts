import type { OpenedReservation } from '../reservation/reservation.js';

/** The purchase context's invoicing settings the rule reads (the catalog's `InvoicingTerms` has them). */
export interface InvoicingRule {
  /** The organizer can issue invoices for this event (it has invoicing details, and the event offers invoices). */
  readonly invoiceAllowed: boolean;
  /** The event issues only invoices, never a receipt. */
  readonly onlyInvoice: boolean;
}

/**
 * Whether an order gets an invoice number once it is paid: it costs something, the buyer asked for an invoice
 * (or the event issues only invoices) and invoicing is allowed. Decided when the buyer confirms or the money
 * arrives, with the catalog of that moment, and recorded in the confirmation (`ReservationConfirmed`).
 */
export function invoiceDue(state: OpenedReservation, invoicing: InvoicingRule | null): boolean {
  if (!invoicing?.invoiceAllowed || !state.price.requiresPayment) return false;
  return invoicing.onlyInvoice || state.booking?.invoiceRequested === true;
}
