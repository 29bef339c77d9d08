import type { DomainEvent } from '@ticketing/kernel';
import type { ReservationPrice } from '../pricing/index.js';

export interface ReservedTicket {
  /** The ticket's own id (`ticket-{uuid}` once issued). */
  readonly ticketId: string;
  readonly categoryId: number;
  /** Attendee metadata the buyer's client sent for this ticket (spec point 3, metadata). */
  readonly metadata: Readonly<Record<string, string>>;
}

export interface ReservedService {
  readonly serviceId: number;
  readonly quantity: number;
  /** Minor units chosen by the buyer (donations, custom amounts); null for fixed prices. */
  readonly amount: number | null;
  /** Added by the reservation itself (a mandatory supplement), not chosen. */
  readonly mandatory: boolean;
}

/** First event of a `reservation-{uuid}` stream: the buyer holds seats until `validUntil`. */
export type ReservationOpened = DomainEvent<
  'ReservationOpened',
  {
    readonly reservationId: string;
    readonly eventShortName: string;
    /** The buyer's language (`lang` of reserve-tickets): e-mails and documents use it. */
    readonly language: string;
    /** ISO instant: after it the reservation expires and its seats go back. */
    readonly validUntil: string;
    /** The code applied (discount or access), as typed. */
    readonly promoCode: string | null;
    readonly tickets: readonly ReservedTicket[];
    readonly additionalServices: readonly ReservedService[];
    readonly price: ReservationPrice;
    /** The logged-in public user who owns it (OpenID), or null for an anonymous buyer. */
    readonly ownerUserId: string | null;
  }
>;

/** The buyer let it go before paying. */
export type ReservationCancelled = DomainEvent<'ReservationCancelled', { readonly reservationId: string; readonly eventShortName: string }>;

/** Not paid in time: issued by the expiry sweeper, a deadline as an event (STYLE 8). */
export type ReservationExpired = DomainEvent<'ReservationExpired', { readonly reservationId: string; readonly eventShortName: string; readonly validUntil: string }>;

export type ReservationEvent = ReservationOpened | ReservationCancelled | ReservationExpired;

export const reservationEventTypes: readonly ReservationEvent['type'][] = ['ReservationOpened', 'ReservationCancelled', 'ReservationExpired'];

export const reservationStreamId = (reservationId: string) => `reservation-${reservationId}`;
