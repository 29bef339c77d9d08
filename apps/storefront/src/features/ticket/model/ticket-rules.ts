import type { TicketsByTicketCategory } from '@ticketing/api-client';

/** One ticket with its flags, as the reservation view and `.../full` describe it (BookingInfoTicket). */
export type BookingInfoTicket = TicketsByTicketCategory['tickets'][number];

type EventFormat = 'IN_PERSON' | 'ONLINE' | 'HYBRID';
type AccessType = TicketsByTicketCategory['ticketAccessType'];

/** Spec 2: a ticket of an online event is online; of a hybrid one only when its category's access is ONLINE. */
export const isOnlineTicket = (format: EventFormat, accessType: AccessType): boolean =>
  format === 'ONLINE' || (format === 'HYBRID' && accessType === 'ONLINE');

/** What a visitor may do with a ticket (spec 2, ticket update page; spec 6, ticket actions by flags). */
export interface TicketActions {
  /** Its own page (the code to show at the entrance): assigned, not releasable, not online. */
  readonly show: boolean;
  /** The PDF and wallet passes: assigned, downloadable, not online (an online ticket enters by its link). */
  readonly download: boolean;
  /** Sent to its holder again: assigned, and the event sends tickets by e-mail. */
  readonly send: boolean;
  /** Given back: assigned and releasable (a free ticket of an event that allows it). */
  readonly release: boolean;
}

type Flags = Pick<BookingInfoTicket, 'assigned' | 'cancellationEnabled' | 'downloadEnabled' | 'sendMailEnabled'>;

export function ticketActionsOf(ticket: Flags, online: boolean): TicketActions {
  return {
    show: ticket.assigned && !ticket.cancellationEnabled && !online,
    download: ticket.assigned && ticket.downloadEnabled && !online,
    send: ticket.assigned && ticket.sendMailEnabled,
    release: ticket.assigned && ticket.cancellationEnabled,
  };
}

/**
 * The owner form of the update page (spec 2): open at once for a ticket without a holder, behind 'update' for one
 * with a holder; the transfer notice when the event lets holders hand tickets on and this one may still change
 * hands; a submit button only when something can be changed (names and e-mail, or extra answers).
 */
export interface OwnerFormRules {
  readonly openByDefault: boolean;
  readonly transferNotice: boolean;
  readonly submittable: boolean;
}

type FormFlags = Pick<BookingInfoTicket, 'assigned' | 'locked' | 'ticketFieldConfigurationBeforeStandard' | 'ticketFieldConfigurationAfterStandard'>;

export function ownerFormRulesOf(ticket: FormFlags, enableTicketTransfer: boolean): OwnerFormRules {
  const extraFields = ticket.ticketFieldConfigurationBeforeStandard.length + ticket.ticketFieldConfigurationAfterStandard.length > 0;
  return {
    openByDefault: !ticket.assigned,
    transferNotice: enableTicketTransfer && ticket.assigned && !ticket.locked,
    submittable: !lockedHolder(ticket) || extraFields,
  };
}

/**
 * Whether the holder's names and e-mail stay as they are. The server flags every acquired ticket of an event
 * without transfers `locked`, holder or not; it keeps a locked ticket's identity only once it has one (its
 * decideAssign), so a ticket still without a holder can be given one.
 */
export const lockedHolder = (ticket: Pick<BookingInfoTicket, 'assigned' | 'locked'>): boolean => ticket.locked && ticket.assigned;

/** Spec 2, online waiting room: before the check-in opens, while it is open, after it closed. */
export type WaitingRoomState = 'not-started' | 'started' | 'ended';

export function waitingRoomStateAt(now: number, dates: { readonly startDateTime: number; readonly endDateTime: number }): WaitingRoomState {
  if (now < dates.startDateTime) return 'not-started';
  return dates.endDateTime && now >= dates.endDateTime ? 'ended' : 'started';
}
