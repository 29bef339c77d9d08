import { Inject, Injectable } from '@nestjs/common';
import { CatalogOffers, fixedFieldNames, type PurchaseOffer } from '@ticketing/catalog/contracts';
import type { EventStore, StreamAppend } from '@ticketing/event-store';
import { euCountryCodes, isoCountryCodes } from '@ticketing/i18n';
import { NotFoundError, wallClock, type EventMetadata, type RuleViolation } from '@ticketing/kernel';
import { acceptingHeldChoices, validateTicketOwner, type BookedItem } from '@ticketing/sales/booking-rules';
import { decideChangeItemAnswers, decideRemoveEmptiedOrder, hasPaidSupplement, ticketsIssued, type OpenedReservation, type ReservationState } from '@ticketing/sales/domain';
import { TicketOrders, type CompanionAppend, type ItemAnswersChange, type TicketOrder, type TicketOwnerInput } from '@ticketing/sales/contracts';
import type { IssuedTicket, TicketHolder } from '@ticketing/ticketing/contracts';
import { SubscriptionPasses } from '@ticketing/subscriptions/contracts';
import { additionalServiceWithData, languageOf, ticketsByCategory } from '../get-reservation/reservation-info.js';
import { isVisible } from '../get-reservation/reservation-queries.js';
import { InventoryDesk } from '../inventory/inventory-desk.js';
import { WaitingListSetAside } from '../waiting-list/waiting-list-set-aside.js';
import { ReservationLog, reservationAppend, reservationToLog } from '../reservation/reservation-stream.js';
import { bookedItems, bookedTickets } from '../validate-to-overview/booked-questions.js';
import { toAppend } from '../shared/event-data.js';
import { SALES_EVENT_STORE } from '../tokens.js';

const pad = (n: number) => String(n).padStart(2, '0');

/** The order behind a ticket, from the reservation's own stream (read-your-writes without a projection). */
@Injectable()
export class SalesTicketOrders extends TicketOrders {
  constructor(
    @Inject(SALES_EVENT_STORE) private readonly store: EventStore,
    private readonly catalog: CatalogOffers,
    private readonly desk: InventoryDesk,
    private readonly waitingList: WaitingListSetAside,
    private readonly passes: SubscriptionPasses,
    private readonly reservations: ReservationLog,
  ) {
    super();
  }

  async orderOf(reservationId: string): Promise<TicketOrder | null> {
    const { state } = await this.reservations.load(reservationId);
    if (!isVisible(state)) return null;
    const { opened } = state;
    return {
      reservationId,
      shortId: reservationId.slice(0, 8).toUpperCase(),
      status: state.status,
      complete: ticketsIssued(state),
      eventShortName: state.eventShortName,
      language: state.language,
      buyer: state.booking ? { ...state.booking.contact } : null,
      lockEmailEdit: false,
      tickets: opened.tickets.map((t, i) => ({ ticketId: t.ticketId, categoryId: t.categoryId, finalPrice: state.price.tickets[i]?.finalPrice ?? 0 })),
      currency: state.price.currency,
      paidSupplement: hasPaidSupplement(state.price),
    };
  }

  async checkHolder(
    order: TicketOrder,
    ticketId: string,
    form: TicketOwnerInput,
    now: Date,
    heldAnswers: Readonly<Record<string, readonly string[]>>,
  ): Promise<{ errors: readonly RuleViolation[]; holder: TicketHolder; items: readonly ItemAnswersChange[] }> {
    const offer = await this.catalog.purchaseOffer(order.eventShortName, null, now);
    if (!offer) throw new NotFoundError('event', order.eventShortName);
    const booked = bookedTickets(order.tickets.filter((t) => t.ticketId === ticketId), offer.attendeeFields)[0];
    if (!booked) throw new NotFoundError('ticket', ticketId);
    const ticket = { ...booked, questions: booked.questions.map((q) => acceptingHeldChoices(q, heldAnswers[q.name])) };
    const today = wallClock(now, offer.event.timeZone);
    return validateTicketOwner(form, {
      ticket,
      items: form.additionalServices ? await this.itemsOf(order.reservationId, ticketId, offer) : [],
      contentLanguages: offer.event.contentLanguages,
      today: `${today.year}-${pad(today.month)}-${pad(today.day)}`,
      euCountryCodes,
      countryCodes: isoCountryCodes,
    });
  }

  /** The supplement items linked to the ticket when the order was booked, with the questions asked about each. */
  private async itemsOf(reservationId: string, ticketId: string, offer: PurchaseOffer): Promise<BookedItem[]> {
    const { state } = await this.reservations.load(reservationId);
    if (!isVisible(state)) return [];
    const opened = state as OpenedReservation;
    const linked = new Set((opened.booking?.items ?? []).filter((i) => i.ticketId === ticketId).map((i) => i.itemId));
    return bookedItems(opened.price.items, offer.services, offer.attendeeFields).filter((i) => linked.has(i.itemId));
  }

  async recordItemAnswers(order: TicketOrder, ticketId: string, items: readonly ItemAnswersChange[], companion: CompanionAppend | null, metadata: EventMetadata): Promise<bigint | null> {
    const [loaded, offer] = await Promise.all([
      this.reservations.load(order.reservationId),
      this.catalog.purchaseOffer(order.eventShortName, null, new Date(metadata.occurredAt)),
    ]);
    if (loaded.state.status === 'NONE') throw new NotFoundError('reservation', order.reservationId);
    if (!offer) throw new NotFoundError('event', order.eventShortName);
    const events = decideChangeItemAnswers(loaded.state, { reservationId: order.reservationId, ticketId, items, fixedFields: fixedFieldNames(offer) });
    const appends = [
      ...(events.length > 0 ? [reservationAppend(order.reservationId, loaded, events.map((e) => reservationToLog(e, metadata)))] : []),
      ...(companion ? [companion] : []),
    ];
    if (appends.length === 0) return null;
    return (await this.store.appendToStreams(appends)).position;
  }

  async servicesOf(order: TicketOrder, ticketId: string, _language: string, now: Date): Promise<readonly Record<string, unknown>[]> {
    const { state } = await this.reservations.load(order.reservationId);
    const offer = await this.catalog.purchaseOffer(order.eventShortName, null, now);
    if (!isVisible(state) || !offer) return [];
    return additionalServiceWithData(state as OpenedReservation, offer).filter((s) => s.ticketUUID === ticketId);
  }

  async ticketsByCategory(order: TicketOrder, tickets: readonly IssuedTicket[], now: Date): Promise<readonly Record<string, unknown>[]> {
    const { state } = await this.reservations.load(order.reservationId);
    const offer = await this.catalog.purchaseOffer(order.eventShortName, null, now);
    if (!isVisible(state) || !offer) return [];
    const opened = state as OpenedReservation;
    // the whole order goes in (its price lines are by position), only the tickets asked come out
    return ticketsByCategory(opened, offer, languageOf(opened, offer), now, tickets, new Set(tickets.map((t) => t.ticketId)));
  }

  async returnSeat(order: TicketOrder, ticket: { readonly ticketId: string; readonly categoryId: number }, companion: CompanionAppend, metadata: EventMetadata): Promise<bigint | null> {
    // seats that come back go to those waiting first, as a released hold's do
    const setAside = (await this.waitingList.forReleases([order.eventShortName], new Date(metadata.occurredAt))).forRelease(order.eventShortName);
    const loaded = await this.reservations.load(order.reservationId);
    const { state } = loaded;
    // the order's last ticket takes the order with it (the desk decides which ticket is the last, on the sale as
    // it stands): written only then, at the revision read here, so a change of the order meanwhile decides again
    const removed = decideRemoveEmptiedOrder(state, order.reservationId);
    const ending = removed.length === 0 ? [] : [reservationAppend(order.reservationId, loaded, removed.map((e) => reservationToLog(e, metadata)))];
    const result = await this.desk.returnTicket(
      { eventShortName: order.eventShortName, reservationId: order.reservationId, ticketId: ticket.ticketId, categoryId: ticket.categoryId, ...(setAside ? { setAside } : {}) },
      metadata,
      [companion, ...(await this.passEntryBack(state, order.reservationId, ticket.ticketId, metadata))],
      ending,
    );
    return result.position;
  }

  /**
   * A ticket the order's pass paid for gives its entry back to the pass, in the release's own append (as a cancelled
   * or expired order gives its whole use back): another order using the pass meanwhile fails that append on the
   * pass's stream, and the release is decided again. Nothing for a ticket the pass did not pay for.
   */
  private async passEntryBack(state: ReservationState, reservationId: string, ticketId: string, metadata: EventMetadata): Promise<StreamAppend[]> {
    const applied = state.status === 'NONE' ? null : state.appliedSubscription;
    if (!applied?.ticketIds.includes(ticketId)) return [];
    const change = await this.passes.planGiveBack(applied.subscriptionId, reservationId, 1);
    return change ? [{ streamId: change.streamId, events: change.events.map((e) => toAppend(e, metadata)), expectedRevision: change.expectedRevision }] : [];
  }
}
