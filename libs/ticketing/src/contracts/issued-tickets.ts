import type { TicketHolder } from './ticket-issued.js';

/** One ticket of an order as it stands now (its holder may have changed since the order, or it was released). */
export interface IssuedTicket {
  readonly ticketId: string;
  readonly categoryId: number;
  readonly status: 'ACQUIRED' | 'TO_BE_PAID' | 'CHECKED_IN' | 'RELEASED';
  readonly holder: TicketHolder | null;
}

/** The tickets of orders, for the order's own page (sales' reservation view). */
export abstract class IssuedTickets {
  /** In issue order; empty when none were issued. */
  abstract ofReservation(reservationId: string): Promise<readonly IssuedTicket[]>;
}
