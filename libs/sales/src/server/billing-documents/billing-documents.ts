import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { CatalogOffers, type PurchaseOffer, type SubscriptionDescriptor } from '@ticketing/catalog/contracts';
import { renderInvoicePdf } from '@ticketing/documents';
import type { EventStore } from '@ticketing/event-store';
import { formatDatePattern } from '@ticketing/formatting';
import { NotFoundError } from '@ticketing/kernel';
import { billingDocumentOf } from '@ticketing/sales/domain';
import { isVisible, type VisibleReservation } from '../get-reservation/reservation-queries.js';
import { subscriptionPurchaseOffer } from '../purchase-context/purchase-offers.js';
import { ReservationLog } from '../reservation/reservation-stream.js';
import { SALES_EVENT_STORE, SALES_OPTIONS, type SalesOptions } from '../tokens.js';
import { invoiceDocument, issuedAt } from './invoice-document.js';

export type BillingDocumentKind = 'invoice' | 'receipt';

export interface BillingDocumentRequest {
  readonly kind: BillingDocumentKind;
  readonly purchaseContextType: 'event' | 'subscription';
  readonly publicIdentifier: string;
  readonly reservationId: string;
}

export interface RenderedBillingDocument {
  readonly filename: string;
  readonly pdf: Buffer;
}

/** A file name keeps letters, digits, dot, dash and underscore (an organizer's pattern may print `/`). */
const safe = (text: string) => text.replace(/[^A-Za-z0-9._-]/g, '_');

/**
 * The invoice or receipt PDF of a paid order (reference 23, spec 6), rendered when asked from the order's
 * events and the catalog: an invoice once the order has its number, else a receipt where the event issues them.
 * An event's order and a pass's alike (`/event/{shortName}/...`, `/subscription/{descriptorId}/...`).
 */
@Injectable()
export class BillingDocuments {
  constructor(
    @Inject(SALES_OPTIONS) private readonly options: SalesOptions,
    @Inject(SALES_EVENT_STORE) private readonly store: EventStore,
    private readonly catalog: CatalogOffers,
    private readonly reservations: ReservationLog,
  ) {}

  /**
   * NotFoundError: no such event (or pass), no such order of it, cancelled or expired, `invoice` without an
   * invoice number, `receipt` of an order with one, or nothing to download yet (not paid, a free order, an event
   * issuing only invoices). 400 for either under Italian e-invoicing, once the order is known.
   */
  async render({ kind, purchaseContextType, publicIdentifier, reservationId }: BillingDocumentRequest): Promise<RenderedBillingDocument> {
    const { state, offer, pass } = await this.orderOf(purchaseContextType, publicIdentifier, reservationId);
    if (kind === 'invoice' ? state.invoice === null : state.invoice !== null) throw new NotFoundError(kind, reservationId);
    // reference 23 (alf.io's canGenerateReceiptOrInvoiceToCustomer): under Italian e-invoicing the invoice goes
    // through the exchange system, and the buyer downloads neither document (userCanDownloadReceiptOrInvoice false)
    if (offer.invoicing.enabledItalyEInvoicing) throw new BadRequestException(`${kind === 'receipt' ? 'receipts' : 'invoices'} are not downloaded under Italian e-invoicing`);
    if (billingDocumentOf(state, offer.invoicing) !== kind.toUpperCase()) throw new NotFoundError(kind, reservationId);
    const pdf = await renderInvoicePdf(invoiceDocument(kind, reservationId, state, offer, pass));
    // the address's identifier names the file: the event's short name, or the pass's descriptor id
    const name = safe(publicIdentifier);
    const filename =
      kind === 'receipt'
        ? `receipt-${name}-${reservationId}.pdf`
        : `${name}-${formatDatePattern(issuedAt(kind, state), 'yyyy-MM-dd-HHmmss', 'en', offer.event.timeZone)}-${safe(state.invoice!.number)}-${reservationId}.pdf`;
    return { filename, pdf };
  }

  /**
   * The order at the address, with the terms it was bought on (for a pass, its descriptor's as
   * subscriptionPurchaseOffer gives them, and the descriptor): NotFoundError for an unknown event or pass, or an
   * order not visible or not of that event or pass.
   */
  private async orderOf(
    type: BillingDocumentRequest['purchaseContextType'],
    publicIdentifier: string,
    reservationId: string,
  ): Promise<{ state: VisibleReservation; offer: PurchaseOffer; pass: SubscriptionDescriptor | null }> {
    const now = this.options.clock.now();
    if (type === 'subscription') {
      const subscription = await this.catalog.subscriptionOffer(publicIdentifier, now);
      if (!subscription) throw new NotFoundError('subscription', publicIdentifier);
      const { state } = await this.reservations.load(reservationId);
      if (!isVisible(state) || state.opened.purchaseContext?.descriptorId !== publicIdentifier) throw new NotFoundError('reservation', reservationId);
      return { state, offer: subscriptionPurchaseOffer(subscription, state.eventShortName), pass: subscription.descriptor };
    }
    const offer = await this.catalog.purchaseOffer(publicIdentifier, null, now);
    if (!offer) throw new NotFoundError('event', publicIdentifier);
    const { state } = await this.reservations.load(reservationId);
    // a pass's order is keyed by `subscription:{descriptorId}`, which no event's short name equals
    if (!isVisible(state) || state.eventShortName !== publicIdentifier) throw new NotFoundError('reservation', reservationId);
    return { state, offer, pass: null };
  }
}
