import type { DomainEvent } from '@ticketing/kernel';
import type { TicketHolder, TicketIssued } from '@ticketing/ticketing/contracts';

/**
 * The ticket names a holder, for the first time or a new one (a transfer). `holder` is personal data,
 * encrypted under `subjectId` in the log. The ticket code printed on the ticket depends on the holder, so a
 * transfer also makes the previous holder's code worthless.
 */
export type TicketAssigned = DomainEvent<
  'TicketAssigned',
  {
    readonly ticketId: string;
    readonly subjectId: string;
    readonly holder: TicketHolder | null;
    /** True when the ticket had a holder with another e-mail before: it changed hands. */
    readonly transferred: boolean;
  }
>;

/** The holder gave the ticket back: its seat is on sale again (the inventory's TicketReturned, same append). */
export type TicketReleased = DomainEvent<
  'TicketReleased',
  { readonly ticketId: string; readonly reservationId: string; readonly eventShortName: string; readonly categoryId: number }
>;

/** The ticket was e-mailed to its holder, in this language (the address is the holder's of that moment). */
export type TicketSent = DomainEvent<'TicketSent', { readonly ticketId: string; readonly language: string }>;

/** How a ticket was checked in: through the online event's check-in link, or its QR code scanned at the door. */
export type CheckInChannel = 'ONLINE' | 'DOOR';

/** The holder entered the event: online through the ticket's check-in link, or in person past the door staff's scanner. */
export type TicketCheckedIn = DomainEvent<'TicketCheckedIn', { readonly ticketId: string; readonly eventShortName: string; readonly channel: CheckInChannel }>;

export type TicketEvent = TicketIssued | TicketAssigned | TicketReleased | TicketSent | TicketCheckedIn;

export const ticketEventTypes: readonly TicketEvent['type'][] = ['TicketIssued', 'TicketAssigned', 'TicketReleased', 'TicketSent', 'TicketCheckedIn'];
