import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { CatalogOffers } from '@ticketing/catalog/contracts';
import { renderInvoicePdf } from '@ticketing/documents';
import type { EventStore } from '@ticketing/event-store';
import { formatDatePattern } from '@ticketing/formatting';
import { NotFoundError } from '@ticketing/kernel';
import { billingDocumentOf } from '@ticketing/sales/domain';
import { isVisible } from '../get-reservation/reservation-queries.js';
import { loadReservation } from '../reservation/reservation-stream.js';
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
 */
@Injectable()
export class BillingDocuments {
  constructor(
    @Inject(SALES_OPTIONS) private readonly options: SalesOptions,
    @Inject(SALES_EVENT_STORE) private readonly store: EventStore,
    private readonly catalog: CatalogOffers,
  ) {}

  /**
   * NotFoundError: no such event (or pass), no such order of it, cancelled or expired, `invoice` without an
   * invoice number, `receipt` of an order with one, or nothing to download yet (not paid, a free order, an event
   * issuing only invoices). 400 for a receipt where Italian e-invoicing forbids receipts.
   */
  async render({ kind, purchaseContextType, publicIdentifier, reservationId }: BillingDocumentRequest): Promise<RenderedBillingDocument> {
    if (purchaseContextType === 'subscription') {
      // passes cannot be bought yet: no order of one exists
      if (!(await this.catalog.subscriptionExists(publicIdentifier))) throw new NotFoundError('subscription', publicIdentifier);
      throw new NotFoundError('reservation', reservationId);
    }
    const offer = await this.catalog.purchaseOffer(publicIdentifier, null, this.options.clock.now());
    if (!offer) throw new NotFoundError('event', publicIdentifier);
    const { state } = await loadReservation(this.store, reservationId);
    if (!isVisible(state) || state.eventShortName !== publicIdentifier) throw new NotFoundError('reservation', reservationId);
    if (kind === 'invoice' ? state.invoice === null : state.invoice !== null) throw new NotFoundError(kind, reservationId);
    if (kind === 'receipt' && offer.invoicing.enabledItalyEInvoicing) throw new BadRequestException('receipts are not issued under Italian e-invoicing');
    if (billingDocumentOf(state, offer.invoicing) !== kind.toUpperCase()) throw new NotFoundError(kind, reservationId);
    const pdf = await renderInvoicePdf(invoiceDocument(kind, reservationId, state, offer));
    const { shortName, timeZone } = offer.event;
    const filename =
      kind === 'receipt'
        ? `receipt-${safe(shortName)}-${reservationId}.pdf`
        : `${safe(shortName)}-${formatDatePattern(issuedAt(kind, state), 'yyyy-MM-dd-HHmmss', 'en', timeZone)}-${safe(state.invoice!.number)}-${reservationId}.pdf`;
    return { filename, pdf };
  }
}
