import { DomainError } from '@ticketing/kernel';
import type { ReservationCancelled, ReservationEvent, ReservationExpired } from './reservation.events.js';

export type ReservationState =
  | { readonly status: 'NONE' }
  | { readonly status: 'PENDING' | 'CANCELLED' | 'EXPIRED'; readonly eventShortName: string; readonly validUntil: string };

export const initialReservationState = (): ReservationState => ({ status: 'NONE' });

export function evolveReservation(state: ReservationState, event: ReservationEvent): ReservationState {
  switch (event.type) {
    case 'ReservationOpened':
      return { status: 'PENDING', eventShortName: event.data.eventShortName, validUntil: event.data.validUntil };
    case 'ReservationCancelled':
      return state.status === 'NONE' ? state : { ...state, status: 'CANCELLED' };
    case 'ReservationExpired':
      return state.status === 'NONE' ? state : { ...state, status: 'EXPIRED' };
  }
}

export const reservationNotPending = 'error.reservation.notPending';

/** The buyer cancels (DELETE reservation): only a pending reservation; a second cancel changes nothing. */
export function decideCancelReservation(state: ReservationState, reservationId: string): ReservationCancelled[] {
  if (state.status === 'CANCELLED') return [];
  if (state.status !== 'PENDING') throw new DomainError(reservationNotPending, 'reservationId');
  return [{ type: 'ReservationCancelled', data: { reservationId, eventShortName: state.eventShortName } }];
}

/** The sweeper expires a pending reservation whose time is up; anything else is left alone. */
export function decideExpireReservation(state: ReservationState, reservationId: string, now: Date): ReservationExpired[] {
  if (state.status !== 'PENDING' || Date.parse(state.validUntil) > now.getTime()) return [];
  return [{ type: 'ReservationExpired', data: { reservationId, eventShortName: state.eventShortName, validUntil: state.validUntil } }];
}
