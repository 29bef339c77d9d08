import { getDownloadInvoiceUrl, getDownloadReceiptUrl } from '@ticketing/api-client';
import type { ReservationInfo } from '../../api/reservation-queries';
import type { PurchaseContextRef } from '../../app/purchase-context';

export interface InvoiceDownload {
  readonly kind: 'invoice' | 'receipt';
  readonly href: string;
}

/**
 * Spec 6: a download needs userCanDownloadReceiptOrInvoice, a paid order and a document present; it is the
 * invoice when an invoice number exists, else the receipt (reference 3.3 item 23 serves both, under the purchase context: /{type}/{id}/reservation/{id}/invoice).
 */
export function invoiceDownload(
  reservation: Pick<ReservationInfo, 'id' | 'paid' | 'invoiceOrReceiptDocumentPresent' | 'invoiceNumber'>,
  { type, id }: PurchaseContextRef,
  userCanDownloadReceiptOrInvoice: boolean,
): InvoiceDownload | null {
  if (!userCanDownloadReceiptOrInvoice || !reservation.paid || !reservation.invoiceOrReceiptDocumentPresent) return null;
  const kind = reservation.invoiceNumber ? 'invoice' : 'receipt';
  const href = (kind === 'invoice' ? getDownloadInvoiceUrl : getDownloadReceiptUrl)(type, encodeURIComponent(id), encodeURIComponent(reservation.id));
  return { kind, href };
}
