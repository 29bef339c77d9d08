import type { OpenedReservation } from '../reservation/reservation.js';

/** The purchase context's settings that say whether receipts are issued (the catalog's `InvoicingTerms` has them). */
export interface ReceiptRule {
  readonly onlyInvoice: boolean;
  /** Italian e-invoicing: the invoice goes through the exchange system, no receipt is handed out. */
  readonly enabledItalyEInvoicing: boolean;
}

/** COMPLETE and paid through something (the wire's `paid`): not a free order. */
export const isPaid = (state: OpenedReservation): boolean => state.status === 'COMPLETE' && state.payment !== null && state.payment.proxy !== 'NONE';

/**
 * The document a buyer can download for an order (spec 6, reference 23): nothing before it is paid; its
 * invoice once it has an invoice number; else a receipt, where the event issues receipts.
 */
export function billingDocumentOf(state: OpenedReservation, rule: ReceiptRule): 'INVOICE' | 'RECEIPT' | null {
  if (!isPaid(state)) return null;
  if (state.invoice) return 'INVOICE';
  return rule.onlyInvoice || rule.enabledItalyEInvoicing ? null : 'RECEIPT';
}
