import type { SubscriptionIssued } from '@ticketing/subscriptions/contracts';
import type { SubscriptionEvent } from './subscription.events.js';

/** One order's use of the pass. */
export interface OrderUse {
  readonly eventShortName: string;
  readonly entries: number;
}

/** An issued pass: its terms as sold, and its usage in the three ways the rules count it. */
export type IssuedSubscription = SubscriptionIssued['data'] & {
  readonly status: 'ISSUED';
  /** reservation id -> its use; an order has one use at most. */
  readonly usesByReservation: ReadonlyMap<string, OrderUse>;
  /** event short name -> entries used for it, all orders together. */
  readonly entriesByEvent: ReadonlyMap<string, number>;
  /** Entries used, all events together. */
  readonly usedEntries: number;
};

export type SubscriptionState = { readonly status: 'NONE' } | IssuedSubscription;

export const initialSubscriptionState = (): SubscriptionState => ({ status: 'NONE' });

export const isIssued = (state: SubscriptionState): state is IssuedSubscription => state.status === 'ISSUED';

export function evolveSubscription(state: SubscriptionState, event: SubscriptionEvent): SubscriptionState {
  switch (event.type) {
    case 'SubscriptionIssued':
      return { ...event.data, status: 'ISSUED', usesByReservation: new Map(), entriesByEvent: new Map(), usedEntries: 0 };
    case 'SubscriptionUsed': {
      if (!isIssued(state)) return state;
      const { reservationId, eventShortName, entries } = event.data;
      return withUse(withoutUse(state, reservationId), reservationId, { eventShortName, entries });
    }
    case 'SubscriptionUseUndone':
      return isIssued(state) ? withoutUse(state, event.data.reservationId) : state;
  }
}

function withoutUse(state: IssuedSubscription, reservationId: string): IssuedSubscription {
  const use = state.usesByReservation.get(reservationId);
  if (!use) return state;
  const usesByReservation = new Map(state.usesByReservation);
  usesByReservation.delete(reservationId);
  const entriesByEvent = new Map(state.entriesByEvent);
  const left = (entriesByEvent.get(use.eventShortName) ?? 0) - use.entries;
  if (left > 0) entriesByEvent.set(use.eventShortName, left);
  else entriesByEvent.delete(use.eventShortName);
  return { ...state, usesByReservation, entriesByEvent, usedEntries: state.usedEntries - use.entries };
}

function withUse(state: IssuedSubscription, reservationId: string, use: OrderUse): IssuedSubscription {
  const usesByReservation = new Map(state.usesByReservation).set(reservationId, use);
  const entriesByEvent = new Map(state.entriesByEvent).set(use.eventShortName, (state.entriesByEvent.get(use.eventShortName) ?? 0) + use.entries);
  return { ...state, usesByReservation, entriesByEvent, usedEntries: state.usedEntries + use.entries };
}

/** SubscriptionInfo.usageDetails: entries used, and left (null when unlimited). */
export function usageOf(subscription: IssuedSubscription): { readonly used: number; readonly available: number | null } {
  const { maxEntries, usedEntries } = subscription;
  return { used: usedEntries, available: maxEntries === null ? null : Math.max(0, maxEntries - usedEntries) };
}
