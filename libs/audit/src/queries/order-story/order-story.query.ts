import type { EventStore } from '@ticketing/event-store';
import type { Queryable } from '@ticketing/postgres';
import { indexedMentions, type MentionsOf } from '../../read-models/order-mentions/order-mentions.query.js';
import { historyOf, toEntry, type HistoryEntry } from '../history-of/history-of.query.js';
import { isSharedStream, linksOf, mentions, openingOf, orderOf, ordersUsing, type Belonging } from './order-links.js';
import { amountsOf, priceOf, type StepAmounts } from './step-amounts.js';

/**
 * The order's status as its own domain folds the events of its `reservation-{id}` stream. The composition hands it
 * in (this platform library imports no context): sales' initialReservationState / evolveReservation.
 */
export interface OrderStatusFold<S = unknown> {
  // methods, not function properties: a fold of the domain's own state type stands for OrderStatusFold<unknown>
  initial(): S;
  evolve(state: S, event: { readonly type: string; readonly data: Record<string, unknown> }, occurredAt: string): S;
  statusOf(state: S): string;
}

/** One event of the order's story: the stream's event as history-of reads it, where it is, what it cost, and the order's status after it. */
export interface StoryStep extends HistoryEntry {
  readonly streamId: string;
  readonly amounts: StepAmounts | null;
  readonly statusAfter: string;
}

export interface OrderStory {
  /** What was asked for: the order itself, or a ticket or a pass that leads to it. */
  readonly subject: { readonly kind: 'order' | 'ticket' | 'subscription'; readonly id: string };
  readonly reservationId: string;
  /** Every stream the order touched, in the order they were found, with how many of their events belong to it. */
  readonly streams: readonly { readonly streamId: string; readonly events: number }[];
  /** Every event of those streams that belongs to the order, in log order (global position). */
  readonly steps: readonly StoryStep[];
  readonly finalStatus: string;
  /** For a pass: the orders that used it (their own stories), besides the one that bought it. */
  readonly usedBy?: readonly string[];
}

const reservationStream = (reservationId: string) => `reservation-${reservationId}`;

export interface StoryOptions {
  /**
   * The read models' database: the order's events on shared streams are then found by the order-mentions index
   * (a few reads) rather than by reading each shared stream whole and filtering it (one read per 500 events).
   * Without it, or when the index cannot answer (see indexedMentions), the streams are read whole.
   */
  readonly db?: Queryable;
}

/**
 * The whole story of an order, from the log: its reservation stream, then every stream its events name (the
 * inventory of its holds, its tickets, its payment attempts, a pass, the invoice sequence, the user), followed
 * until nothing new is named; from a shared stream only the events that name the order. Null for an unknown order.
 */
export async function orderStory<S>(
  store: EventStore,
  reservationId: string,
  fold: OrderStatusFold<S>,
  options: StoryOptions & { readonly subject?: OrderStory['subject'] } = {},
): Promise<OrderStory | null> {
  const subject = options.subject ?? { kind: 'order', id: reservationId };
  const root = await historyOf(store, reservationStream(reservationId));
  const indexed: MentionsOf | null = options.db ? await indexedMentions(options.db, store, reservationId) : null;
  const found = new Map<string, HistoryEntry[]>(root.length > 0 ? [[reservationStream(reservationId), root]] : []);
  if (root.length === 0) {
    // an order only held so far: its own stream begins with the buyer's first change, its hold opened it (found by the index)
    const held = indexed ? await heldOpening(indexed, reservationId) : null;
    if (!held) return null;
    found.set(held.streamId, held.entries);
  }
  const queue: { streamId: string; belonging: Belonging }[] = [];
  const follow = (entries: readonly HistoryEntry[]) => {
    for (const entry of entries) {
      for (const link of linksOf(entry.type, entry.data)) if (!found.has(link.streamId) && !queue.some((q) => q.streamId === link.streamId)) queue.push(link);
    }
  };
  for (const entries of found.values()) follow(entries);
  for (let next = queue.shift(); next; next = queue.shift()) {
    // The log port has no query by data: a shared stream's events naming the order come from the order-mentions
    // index, or else the stream is read whole (in pages of 500) and filtered here.
    const belonging =
      next.belonging === 'all'
        ? await historyOf(store, next.streamId)
        : indexed && isSharedStream(next.streamId)
          ? (await indexed.of(next.streamId)).map(toEntry)
          : (await historyOf(store, next.streamId)).filter((e) => mentions(e.data, reservationId));
    found.set(next.streamId, belonging);
    follow(belonging);
  }
  const entries = [...found.entries()].flatMap(([streamId, events]) => events.map((e) => ({ ...e, streamId })));
  entries.sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0));

  let state = fold.initial();
  let price: { currency: string; price: number } | null = null;
  const steps = entries.map((entry): StoryStep => {
    // a hold that opened the order states the price it was opened at
    const amounts = amountsOf(entry.type, openingOf(entry.type, entry.data) ?? entry.data, price);
    if (entry.streamId === reservationStream(reservationId)) {
      state = fold.evolve(state, { type: entry.type, data: entry.data }, entry.occurredAt);
      price = priceOf(entry.data) ?? price;
    } else if (entry.type === 'SeatsHeld') {
      // the hold that opened the order: its opening as the order's stream records it later (ReservationOpened)
      const opening = openingOf(entry.type, entry.data);
      if (opening && opening.reservationId === reservationId) {
        state = fold.evolve(state, { type: 'ReservationOpened', data: { ...opening } }, entry.occurredAt);
        price = priceOf(opening) ?? price;
      }
    }
    return { ...entry, amounts, statusAfter: fold.statusOf(state) };
  });
  return {
    subject,
    reservationId,
    // a stream the order names but that holds nothing of it yet (a pending order's tickets, issued once it is paid) is not one it touched
    streams: [...found.entries()].filter(([, events]) => events.length > 0).map(([streamId, events]) => ({ streamId, events: events.length })),
    steps,
    finalStatus: fold.statusOf(state),
  };
}

/** The inventory event that opened an order whose own stream is not written yet (SeatsHeld with its opening), with its stream's events naming the order. */
async function heldOpening(indexed: MentionsOf, reservationId: string): Promise<{ streamId: string; entries: HistoryEntry[] } | null> {
  for (const streamId of (await indexed.streams()).filter((id) => id.startsWith('inventory-'))) {
    const entries = (await indexed.of(streamId)).map(toEntry);
    if (entries.some((e) => openingOf(e.type, e.data)?.reservationId === reservationId)) return { streamId, entries };
  }
  return null;
}

/** The story of the order that bought a ticket (its `ticket-{uuid}` stream names it); null for an unknown ticket. */
export async function ticketStory<S>(store: EventStore, ticketId: string, fold: OrderStatusFold<S>, options: StoryOptions = {}): Promise<OrderStory | null> {
  const [issued] = await store.readStream(`ticket-${ticketId}`, { maxCount: 1 });
  const reservationId = issued ? orderOf(issued.data) : null;
  return reservationId ? orderStory(store, reservationId, fold, { ...options, subject: { kind: 'ticket', id: ticketId } }) : null;
}

/** The story of the order that bought a pass, with the orders that used it; null for an unknown pass. */
export async function subscriptionStory<S>(store: EventStore, subscriptionId: string, fold: OrderStatusFold<S>, options: StoryOptions = {}): Promise<OrderStory | null> {
  const pass = await historyOf(store, `subscription-${subscriptionId}`);
  const reservationId = pass[0] ? orderOf(pass[0].data) : null;
  if (!reservationId) return null;
  const story = await orderStory(store, reservationId, fold, { ...options, subject: { kind: 'subscription', id: subscriptionId } });
  return story && { ...story, usedBy: ordersUsing(pass).filter((id) => id !== reservationId) };
}
