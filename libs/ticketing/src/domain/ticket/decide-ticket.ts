import { DomainError, keepFixedAnswers, NotFoundError } from '@ticketing/kernel';
import { releaseAllowed, type ReleaseTerms, type TicketHolder } from '@ticketing/ticketing/contracts';
import type { CheckInChannel, TicketAssigned, TicketCheckedIn, TicketReleased, TicketSent } from './ticket.events.js';
import { isAssigned, type Ticket, type TicketState } from './ticket.js';

export const ticketErrors = {
  /** The ticket was released: it no longer exists for its holder. */
  released: 'error.ticket.released',
  /** Release refused: not a free ticket, the event does not allow it or is over, a paid supplement, or the ticket was used. */
  releaseNotAllowed: 'error.ticket.release-not-allowed',
  /** Sent by e-mail or checked in without a holder. */
  notAssigned: 'error.ticket.not-assigned',
  /** Checked in while its price is still owed at the desk. */
  toBePaid: 'error.ticket.to-be-paid',
} as const;

function live(state: TicketState, ticketId: string): Ticket {
  if (state.status === 'NONE' || state.status === 'RELEASED') throw new NotFoundError('ticket', ticketId);
  return state;
}

export interface AssignTicket {
  readonly ticketId: string;
  /** The holder as the form asks for it (validated by the booking rules before). */
  readonly holder: TicketHolder;
  /** Assignment is locked (acquired, transfer disabled): names and e-mail stay, only answers may change. */
  readonly locked: boolean;
  /** The e-mail may not change once set (metadata.lockEmailEdit). */
  readonly emailLocked: boolean;
  /** The extra fields whose answer may not change once given (the catalog's attendee fields not `editable`). */
  readonly fixedFields: readonly string[];
}

/**
 * The owner form of a ticket (spec point 4, field locking): a locked ticket keeps its names and e-mail
 * whatever the form says; a locked e-mail stays once set; an answer to a field that is not editable stays once
 * given (a ticket is issued acquired: the rule holds for every ticket there is). The same holder again changes
 * nothing.
 */
export function decideAssign(state: TicketState, command: AssignTicket): TicketAssigned[] {
  const ticket = live(state, command.ticketId);
  const current = ticket.holder;
  const keepIdentity = command.locked && isAssigned(current);
  const holder: TicketHolder = {
    firstName: keepIdentity ? current.firstName : command.holder.firstName,
    lastName: keepIdentity ? current.lastName : command.holder.lastName,
    email: (keepIdentity || command.emailLocked) && current && current.email !== '' ? current.email : command.holder.email,
    userLanguage: command.holder.userLanguage ?? current?.userLanguage ?? null,
    answers: keepFixedAnswers(current?.answers, command.holder.answers, command.fixedFields),
  };
  if (current && sameHolder(current, holder)) return [];
  const transferred = isAssigned(current) && current.email.trim().toLowerCase() !== holder.email.trim().toLowerCase();
  return [{ type: 'TicketAssigned', data: { ticketId: ticket.ticketId, subjectId: ticket.subjectId, holder, transferred } }];
}

function sameHolder(a: TicketHolder, b: TicketHolder): boolean {
  const answers = (h: TicketHolder) => JSON.stringify(Object.entries(h.answers).sort(([x], [y]) => x.localeCompare(y)));
  return a.firstName === b.firstName && a.lastName === b.lastName && a.email === b.email && a.userLanguage === b.userLanguage && answers(a) === answers(b);
}

/**
 * The holder gives the ticket back (reference 35) on the terms of its order (releaseAllowed: an issued free ticket,
 * the event allows it and is not over, no paid supplement on the order); never once used. Releasing a released
 * ticket changes nothing.
 */
export function decideRelease(state: TicketState, ticketId: string, terms: ReleaseTerms): TicketReleased[] {
  if (state.status === 'RELEASED') return [];
  const ticket = live(state, ticketId);
  if (!releaseAllowed(terms) || ticket.status === 'CHECKED_IN') throw new DomainError(ticketErrors.releaseNotAllowed);
  return [{ type: 'TicketReleased', data: { ticketId, reservationId: ticket.reservationId, eventShortName: ticket.eventShortName, categoryId: ticket.categoryId } }];
}

/**
 * The record of the ticket e-mailed to its holder, written once the mail went out: needs a holder; a ticket released
 * while its mail was on the way is recorded all the same (the mail went out, an auditor sees it after the release).
 */
export function decideSend(state: TicketState, ticketId: string, language: string): TicketSent[] {
  if (state.status === 'NONE') throw new NotFoundError('ticket', ticketId);
  if (state.status !== 'RELEASED' && !isAssigned(state.holder)) throw new DomainError(ticketErrors.notAssigned);
  return [{ type: 'TicketSent', data: { ticketId, language } }];
}

/**
 * Check-in, online or at the door: once (a second entry is the same ticket coming back in), never while the price is
 * owed, never without a holder.
 */
export function decideCheckIn(state: TicketState, ticketId: string, channel: CheckInChannel): TicketCheckedIn[] {
  const ticket = live(state, ticketId);
  if (ticket.status === 'CHECKED_IN') return [];
  if (ticket.status === 'TO_BE_PAID') throw new DomainError(ticketErrors.toBePaid);
  if (!isAssigned(ticket.holder)) throw new DomainError(ticketErrors.notAssigned);
  return [{ type: 'TicketCheckedIn', data: { ticketId, eventShortName: ticket.eventShortName, channel } }];
}
