/**
 * How an order's events name the other streams it touched, read from the log's own event shapes (their type
 * strings and field names never change once shipped). This library knows no context: these rules read the
 * published log format, not a context's code.
 */

/** `all`: the stream belongs to the order (its tickets, its payment attempts); `mentions`: a shared stream (an
 * inventory, an invoice sequence, a pass used by several orders, a user), of which only the events naming the
 * order belong to it. */
export type Belonging = 'all' | 'mentions';

export interface StreamLink {
  readonly streamId: string;
  readonly belonging: Belonging;
}

type Data = Readonly<Record<string, unknown>>;

/** The streams `linksOf` marks `mentions`, by the prefix of their ids: what the order-mentions index covers. */
export const SHARED_STREAM_PREFIXES = ['inventory-', 'invoice-sequence-', 'subscription-', 'user-'] as const;

export const isSharedStream = (streamId: string): boolean => SHARED_STREAM_PREFIXES.some((prefix) => streamId.startsWith(prefix));

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const texts = (value: unknown): string[] => (Array.isArray(value) ? value.map(text).filter((v): v is string => v !== null) : []);
const link = (streamId: string, belonging: Belonging): StreamLink => ({ streamId, belonging });

/**
 * The opening of an order as the log has it: its stream's first event (ReservationOpened), or the hold that opened it
 * (an inventory's SeatsHeld carrying its `opening`: one event per hold; the order's stream records the same opening
 * from the buyer's first change on). Null for any other event.
 */
export function openingOf(type: string, data: Data): Data | null {
  if (type === 'ReservationOpened') return data;
  const opening = type === 'SeatsHeld' ? (data.opening as Data | undefined) : undefined;
  return opening && typeof opening === 'object' ? opening : null;
}

/** The streams one of the order's events points to. */
export function linksOf(type: string, data: Data): StreamLink[] {
  const opening = openingOf(type, data);
  if (opening) return openingLinks(opening);
  switch (type) {
    case 'PaymentStarted':
    case 'ReservationConfirmed': {
      const attemptId = text(data.attemptId) ?? text(data.paymentAttemptId);
      return attemptId ? [link(`payment-${attemptId}`, 'all')] : [];
    }
    case 'SubscriptionApplied':
    case 'SubscriptionRemoved': {
      const pass = text(data.subscriptionId);
      return pass ? [link(`subscription-${pass}`, 'mentions')] : [];
    }
    case 'ReservationFinalized': {
      const organizer = text(data.organizerSlug);
      return organizer ? [link(`invoice-sequence-${organizer}`, 'mentions')] : [];
    }
    case 'SubscriptionIssued': {
      // the pass's PIN stream holds only that pass's PIN
      const organizer = text(data.organizerSlug);
      const pin = text(data.pin);
      return organizer && pin ? [link(`subscription-pin-${organizer}-${pin}`, 'all')] : [];
    }
    default:
      return [];
  }
}

/** What an order's opening names: the inventory of its hold, its tickets, its owner, the pass it buys. */
function openingLinks(data: Data): StreamLink[] {
  const links: StreamLink[] = [];
  const shortName = text(data.eventShortName);
  if (shortName) links.push(link(`inventory-${shortName}`, 'mentions'));
  for (const ticket of Array.isArray(data.tickets) ? data.tickets : []) {
    const ticketId = text((ticket as Data | null)?.ticketId);
    if (ticketId) links.push(link(`ticket-${ticketId}`, 'all'));
  }
  const owner = text(data.ownerUserId);
  if (owner) links.push(link(`user-${owner}`, 'mentions'));
  const pass = text((data.purchaseContext as Data | undefined)?.subscriptionId);
  if (pass) links.push(link(`subscription-${pass}`, 'mentions'));
  return links;
}

/** Whether an event's data names the order anywhere (a field, an element of a list, a nested object). */
export function mentions(value: unknown, reservationId: string): boolean {
  if (value === reservationId) return true;
  if (Array.isArray(value)) return value.some((v) => mentions(v, reservationId));
  if (value && typeof value === 'object') return Object.values(value).some((v) => mentions(v, reservationId));
  return false;
}

/** The order a ticket's or a pass's first event names (TicketIssued, SubscriptionIssued), or null. */
export function orderOf(data: Data): string | null {
  return text(data.reservationId);
}

/** The orders that used a pass (SubscriptionUsed), oldest first, each once. */
export function ordersUsing(events: readonly { readonly type: string; readonly data: Data }[]): string[] {
  return [...new Set(events.filter((e) => e.type === 'SubscriptionUsed').flatMap((e) => texts([e.data.reservationId])))];
}
