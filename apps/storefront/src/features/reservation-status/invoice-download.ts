import type { ReservationInfo } from '../../api/reservation-queries';

export interface InvoiceDownload {
  readonly kind: 'invoice' | 'receipt';
  readonly href: string;
}

/**
 * Spec 6: a download needs userCanDownloadReceiptOrInvoice, a paid order and a document present; it is the
 * invoice when an invoice number exists, else the receipt (reference 3.3 item 23 serves both).
 */
export function invoiceDownload(
  reservation: Pick<ReservationInfo, 'id' | 'paid' | 'invoiceOrReceiptDocumentPresent' | 'invoiceNumber'>,
  eventShortName: string,
  userCanDownloadReceiptOrInvoice: boolean,
): InvoiceDownload | null {
  if (!userCanDownloadReceiptOrInvoice || !reservation.paid || !reservation.invoiceOrReceiptDocumentPresent) return null;
  const kind = reservation.invoiceNumber ? 'invoice' : 'receipt';
  return { kind, href: `/api/v2/public/event/${encodeURIComponent(eventShortName)}/reservation/${encodeURIComponent(reservation.id)}/${kind}` };
}
