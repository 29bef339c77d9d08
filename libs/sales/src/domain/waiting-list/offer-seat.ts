import type { PurchaseOffer } from '@ticketing/catalog/contracts';
import type { WaitingListOffered } from './waiting-list.events.js';
import type { WaitingListState, WaitingSubscriber } from './waiting-list.js';

/** A seat was held for a subscriber (the reservation is planned); record that it is theirs. */
export interface OfferSeat {
  readonly subscriberId: string;
  readonly eventShortName: string;
  readonly reservationId: string;
  readonly validUntil: string;
}

/**
 * A subscriber is offered a seat once: never again once offered, and never when their contact was erased
 * (nobody could be told). Anything else changes nothing.
 */
export function decideOfferSeat(state: WaitingListState, command: OfferSeat): WaitingListOffered[] {
  const subscriber = state.subscribers.find((s) => s.subscriberId === command.subscriberId);
  if (!subscriber || subscriber.offeredReservationId !== null || subscriber.contact === null) return [];
  return [{ type: 'WaitingListOffered', data: { ...command } }];
}

/** Who may still be offered a seat, first come first served. */
export function subscribersToOffer(state: WaitingListState): WaitingSubscriber[] {
  return state.subscribers.filter((s) => s.offeredReservationId === null && s.contact !== null);
}

/** The category a subscriber gets: the one they chose, else the first public category on sale now (by display order). */
export function categoryToOffer(subscriber: WaitingSubscriber, offer: PurchaseOffer): number | null {
  if (subscriber.categoryId !== null) return subscriber.categoryId;
  const open = offer.categories
    .filter((c) => c.onSale && !c.category.accessRestricted)
    .sort((a, b) => a.category.ordinal - b.category.ordinal || a.category.id - b.category.id);
  return open[0]?.category.id ?? null;
}
