import { Inject, Injectable } from '@nestjs/common';
import { CatalogOffers, type PurchaseOffer } from '@ticketing/catalog/contracts';
import type { EventStore } from '@ticketing/event-store';
import { TicketOrders, type TicketOrder } from '@ticketing/sales/contracts';
import { isAssigned, isIssued, type Ticket } from '@ticketing/ticketing/domain';
import type { TicketHolder } from '@ticketing/ticketing/contracts';
import { TICKETING_EVENT_STORE, TICKETING_OPTIONS, type TicketingOptions } from '../tokens.js';
import { loadTicket } from './ticket-stream.js';
import { ticketCode } from './ticket-code.js';

/** A live ticket of an event with its order and the event's catalog entry, as every ticket call needs them. */
export interface FoundTicket {
  readonly ticket: Ticket;
  readonly revision: number;
  readonly order: TicketOrder;
  readonly offer: PurchaseOffer;
}

/** A found ticket whose order is complete and that names its holder: what can be shown, printed and sent. */
export type ShowableTicket = FoundTicket & { readonly ticket: Ticket & { readonly holder: TicketHolder } };

@Injectable()
export class TicketLookup {
  constructor(
    @Inject(TICKETING_OPTIONS) private readonly options: TicketingOptions,
    @Inject(TICKETING_EVENT_STORE) private readonly store: EventStore,
    private readonly orders: TicketOrders,
    private readonly catalog: CatalogOffers,
  ) {}

  /** null when there is no such ticket of this event (never issued, released, another event's, order gone). */
  async find(eventShortName: string, ticketId: string): Promise<FoundTicket | null> {
    const { state, revision } = await loadTicket(this.store, ticketId);
    if (!isIssued(state) || state.status === 'RELEASED' || state.eventShortName !== eventShortName || revision === 'no_stream') return null;
    const [order, offer] = await Promise.all([this.orders.orderOf(state.reservationId), this.catalog.purchaseOffer(eventShortName, null, this.options.clock.now())]);
    if (!order || !offer) return null;
    return { ticket: state, revision, order, offer };
  }

  /** The reference's "complete and assigned" (reference 3.4): null otherwise. */
  async showable(eventShortName: string, ticketId: string): Promise<ShowableTicket | null> {
    const found = await this.find(eventShortName, ticketId);
    if (!found || !found.order.complete || !isAssigned(found.ticket.holder)) return null;
    return found as ShowableTicket;
  }

  /** What the ticket's QR code says (changes with its holder). */
  async codeOf({ ticket }: ShowableTicket): Promise<string> {
    return ticketCode(await this.options.ticketCodeSecret(), ticket.eventShortName, ticket.reservationId, ticket.ticketId, ticket.holder);
  }
}
