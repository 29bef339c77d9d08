import type { OpenedReservation } from '../reservation/reservation.js';
import { reservationSubjectId } from '../reservation/reservation.events.js';
import type { TicketIssued } from './ticket.events.js';

/**
 * One `TicketIssued` per reserved ticket, in reservation order, with the attendee the buyer assigned (null
 * while assignment is postponed: the ticket is filled in later from its own page).
 */
export function issueTickets(state: OpenedReservation, status: TicketIssued['data']['status']): TicketIssued[] {
  const { reservationId, eventShortName, tickets } = state.opened;
  const attendees = state.booking?.postponeAssignment ? {} : (state.booking?.attendees ?? {});
  return tickets.map((ticket) => ({
    type: 'TicketIssued',
    data: {
      ticketId: ticket.ticketId,
      reservationId,
      eventShortName,
      categoryId: ticket.categoryId,
      status,
      subjectId: reservationSubjectId(reservationId),
      attendee: attendees[ticket.ticketId] ?? null,
    },
  }));
}
