import type { DomainEvent } from '@ticketing/kernel';
import type { ReservationOpened } from '../reservation/reservation.events.js';

/** Seats of one category taken by one reservation. */
export interface TicketLine {
  readonly categoryId: number;
  readonly quantity: number;
}

/** Items of one additional service taken by one reservation. */
export interface ServiceLine {
  readonly serviceId: number;
  readonly quantity: number;
}

/** A code whose uses are limited, and how many uses this reservation takes (one per ticket it applies to). */
export interface CodeUse {
  readonly code: string;
  readonly uses: number;
}

/**
 * EXPIRED and CANCELLED end a reservation's hold; a hold set aside for the waiting list ends HANDED_OVER (to the
 * reservation offered to a subscriber, in the same append) or RETURNED (nobody waiting wanted it: back on sale).
 */
export type HoldReleaseReason = 'EXPIRED' | 'CANCELLED' | 'HANDED_OVER' | 'RETURNED';

/**
 * Events of an `inventory-{shortName}` stream: the seats, items and code uses of one event, held by
 * reservations until they are paid or let go. One stream per event guards every limit a reservation can
 * hit at once (a capacity shared by categories, the event's total, supplements, a code's uses), so one
 * append with the expected revision settles all of them together.
 */
export type SeatsHeld = DomainEvent<
  'SeatsHeld',
  {
    readonly eventShortName: string;
    readonly reservationId: string;
    readonly tickets: readonly TicketLine[];
    readonly services: readonly ServiceLine[];
    readonly codeUse: CodeUse | null;
    /** ISO instant: a hold never outlives it (the expiry sweeper releases it). */
    readonly expiresAt: string;
    /**
     * Seats that came back, kept from sale for the event's waiting list (no reservation owns them; `reservationId`
     * is the hold's own id): handed over to the reservations offered to subscribers, or returned. Absent otherwise.
     */
    readonly forWaitingList?: true;
    /**
     * The reservation this hold opens, with everything it was opened with: one event per hold. Its
     * `reservation-{id}` stream is written from the first change the buyer makes (the booking step, a cancel, an
     * expiry), which records this opening as its first event, ReservationOpened. Absent from holds made before
     * (their reservation's stream began with its own ReservationOpened in the same append) and from set-aside seats.
     */
    readonly opening?: ReservationOpened['data'];
  }
>;

/** The hold is over: what it took is free again. Carries the lines so that readers need no other event. */
export type HoldReleased = DomainEvent<
  'HoldReleased',
  {
    readonly eventShortName: string;
    readonly reservationId: string;
    readonly reason: HoldReleaseReason;
    readonly tickets: readonly TicketLine[];
    readonly services: readonly ServiceLine[];
    readonly codeUse: CodeUse | null;
  }
>;

/**
 * A hold waits longer: a bank transfer was chosen, so the seats stay taken until its payment deadline (and
 * are released then, like any hold past its expiry, unless the payment arrived).
 */
export type HoldExtended = DomainEvent<'HoldExtended', { readonly eventShortName: string; readonly reservationId: string; readonly expiresAt: string }>;

/** The order is complete: what the hold took is sold and no longer expires. */
export type SeatsSold = DomainEvent<'SeatsSold', { readonly eventShortName: string; readonly reservationId: string }>;

/**
 * One sold ticket was given back by its holder (the ticket's TicketReleased, same append): its seat is on sale
 * again; the rest of the order's sale stands.
 */
export type TicketReturned = DomainEvent<
  'TicketReturned',
  { readonly eventShortName: string; readonly reservationId: string; readonly ticketId: string; readonly categoryId: number }
>;

export type InventoryEvent = SeatsHeld | HoldReleased | HoldExtended | SeatsSold | TicketReturned;

export const inventoryEventTypes: readonly InventoryEvent['type'][] = ['SeatsHeld', 'HoldReleased', 'HoldExtended', 'SeatsSold', 'TicketReturned'];

export const inventoryStreamId = (eventShortName: string) => `inventory-${eventShortName}`;
