import type { TicketHolder } from '@ticketing/ticketing/contracts';
import type { TicketEvent } from './ticket.events.js';

export interface Ticket {
  readonly status: 'ACQUIRED' | 'TO_BE_PAID' | 'CHECKED_IN' | 'RELEASED';
  readonly ticketId: string;
  readonly reservationId: string;
  readonly eventShortName: string;
  readonly categoryId: number;
  readonly subjectId: string;
  readonly holder: TicketHolder | null;
  /** Status before the check-in or the release (a TO_BE_PAID ticket still owes its price at the desk). */
  readonly paymentStatus: 'ACQUIRED' | 'TO_BE_PAID';
  readonly checkedInAt: string | null;
}

export type TicketState = { readonly status: 'NONE' } | Ticket;

export const initialTicketState = (): TicketState => ({ status: 'NONE' });

export const isIssued = (state: TicketState): state is Ticket => state.status !== 'NONE';

/** "assigned" of the reference: an e-mail and a name. */
export const isAssigned = (holder: TicketHolder | null): holder is TicketHolder =>
  holder !== null && holder.email.trim() !== '' && (holder.firstName.trim() !== '' || holder.lastName.trim() !== '');

export function evolveTicket(state: TicketState, event: TicketEvent, occurredAt = ''): TicketState {
  switch (event.type) {
    case 'TicketIssued': {
      const d = event.data;
      return {
        status: d.status,
        ticketId: d.ticketId,
        reservationId: d.reservationId,
        eventShortName: d.eventShortName,
        categoryId: d.categoryId,
        subjectId: d.subjectId,
        holder: d.attendee,
        paymentStatus: d.status,
        checkedInAt: null,
      };
    }
    case 'TicketAssigned':
      return isIssued(state) ? { ...state, holder: event.data.holder } : state;
    case 'TicketReleased':
      return isIssued(state) ? { ...state, status: 'RELEASED', holder: null } : state;
    case 'TicketCheckedIn':
      return isIssued(state) ? { ...state, status: 'CHECKED_IN', checkedInAt: occurredAt } : state;
    case 'TicketSent':
      return state;
  }
}
