import type { DomainEvent } from '@ticketing/kernel';

/** Who a ticket is for. Personal data: encrypted in the log under the ticket's subject, null once erased. */
export interface TicketHolder {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly userLanguage: string | null;
  /** Attendee field name -> values (one for most types, several for a checkbox group). */
  readonly answers: Readonly<Record<string, readonly string[]>>;
}

/**
 * First event of a `ticket-{uuid}` stream, appended by the sales context with the order's completion: the
 * ticket exists. Everything after it (owner changes, e-mails, release, check-in) is the ticketing context's.
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
    /** null while the buyer postponed the assignment (or once erased). */
    readonly attendee: TicketHolder | null;
  }
>;

export const ticketStreamId = (ticketId: string) => `ticket-${ticketId}`;
