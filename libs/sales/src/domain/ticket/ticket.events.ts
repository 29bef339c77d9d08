import type { DomainEvent } from '@ticketing/kernel';
import type { Attendee } from '../reservation/booking-details.js';

/**
 * First event of a `ticket-{uuid}` stream: the order completed and this ticket exists. `attendee` is personal
 * data (encrypted under `subjectId` in the log, null once erased, or null while assignment was postponed).
 */
export type TicketIssued = DomainEvent<
  'TicketIssued',
  {
    readonly ticketId: string;
    readonly reservationId: string;
    readonly eventShortName: string;
    readonly categoryId: number;
    /** ACQUIRED: paid (or free); TO_BE_PAID: paid at the desk on the day (ON_SITE). */
    readonly status: 'ACQUIRED' | 'TO_BE_PAID';
    readonly subjectId: string;
    readonly attendee: Attendee | null;
  }
>;

export type TicketEvent = TicketIssued;

export const ticketEventTypes: readonly TicketEvent['type'][] = ['TicketIssued'];

export const ticketStreamId = (ticketId: string) => `ticket-${ticketId}`;
