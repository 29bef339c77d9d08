import { coverTickets } from '../pricing/cover-tickets.js';
import type { ReservationState } from './reservation.js';
import type { SubscriptionApplied, SubscriptionRemoved } from './reservation.events.js';

/** apply-code: a pass to pay for some of the order's tickets. */
export interface ApplySubscription {
  readonly reservationId: string;
  readonly subscriptionId: string;
  /** The pass's title per language (the order summary's row). */
  readonly title: Readonly<Record<string, string>>;
  /** The tickets it pays for (see ticketsToCover); none: nothing to apply. */
  readonly ticketIndexes: readonly number[];
}

/**
 * Which tickets a pass pays for: the first `amount` of the order's tickets that cost something (a free ticket
 * needs no entry) and are of a category it pays for at this event (`categoryIds`; null: every category), in the
 * order they were reserved.
 */
export function ticketsToCover(state: ReservationState, amount: number, categoryIds: readonly number[] | null): number[] {
  if (state.status === 'NONE' || !Number.isInteger(amount) || amount < 1) return [];
  return state.price.tickets
    .map((ticket, index) => ({ index, due: ticket.srcPrice - ticket.discount, categoryId: ticket.categoryId }))
    .filter(({ due, categoryId }) => due > 0 && (categoryIds === null || categoryIds.includes(categoryId)))
    .slice(0, amount)
    .map(({ index }) => index);
}

/**
 * The pass is applied to a pending order of an event (not to a pass's own order) that has none applied yet and
 * tickets for it to pay for; anything else applies nothing (apply-code answers false without an error, as alf.io).
 * The pass's own rules (entries left, validity, event) are the subscriptions context's, decided with it.
 */
export function decideApplySubscription(state: ReservationState, command: ApplySubscription): SubscriptionApplied[] {
  if (state.status !== 'PENDING' || state.opened.purchaseContext || state.appliedSubscription || command.ticketIndexes.length === 0) return [];
  const price = coverTickets(state.price, { subscriptionId: command.subscriptionId, title: command.title, ticketIndexes: command.ticketIndexes });
  const ticketIds = command.ticketIndexes.map((index) => state.opened.tickets[index]!.ticketId);
  return [
    {
      type: 'SubscriptionApplied',
      data: { reservationId: command.reservationId, eventShortName: state.eventShortName, subscriptionId: command.subscriptionId, ticketIds, price },
    },
  ];
}

/** remove-code: the order's price without the pass again; only while the order is pending and has one applied. */
export function decideRemoveSubscription(state: ReservationState, reservationId: string): SubscriptionRemoved[] {
  if (state.status !== 'PENDING' || !state.appliedSubscription) return [];
  const { subscriptionId } = state.appliedSubscription;
  return [{ type: 'SubscriptionRemoved', data: { reservationId, eventShortName: state.eventShortName, subscriptionId, price: state.opened.price } }];
}
