import type { Attendee } from '../reservation/booking-details.js';
import { attendeesOf, checkAttendees } from './attendee-rules.js';
import type { BookedTicket, BookingContext } from './booking-context.js';
import type { FieldError } from './booking-errors.js';
import type { TicketOwnerForm } from './booking-form.js';
import { BookingReport } from './booking-report.js';
import { parseLocalDate } from './local-date.js';

/** What the ticket's own rules read: the ticket with its questions and the parts of the booking context they use. */
export type TicketOwnerContext = Pick<BookingContext, 'contentLanguages' | 'today' | 'euCountryCodes' | 'countryCodes'> & { readonly ticket: BookedTicket };

export interface TicketOwnerValidation {
  /** Field errors under the form's own names (`email`, `firstName`, `additional[field][0]`), as reference 34 answers them. */
  readonly errors: readonly FieldError[];
  /** The holder to record when there are no errors. */
  readonly holder: Attendee;
}

/**
 * The ticket update form (`UpdateTicketOwnerForm`, reference 34): the same attendee rules as the booking step,
 * for one ticket, with its field names un-prefixed.
 */
export function validateTicketOwner(form: TicketOwnerForm, context: TicketOwnerContext): TicketOwnerValidation {
  const today = parseLocalDate(context.today);
  if (today === null) throw new Error(`today must be an ISO local date, got ${context.today}`);
  const { ticket } = context;
  const booking = { tickets: [ticket], contentLanguages: context.contentLanguages };
  const report = new BookingReport();
  checkAttendees({ [ticket.ticketId]: form }, booking, { today, euCountryCodes: context.euCountryCodes, countryCodes: context.countryCodes }, report);
  const prefix = `tickets[${ticket.ticketId}].`;
  const errors = report.errors.filter((e) => e.field.startsWith(prefix)).map((e) => ({ ...e, field: e.field.slice(prefix.length) }));
  return { errors, holder: attendeesOf({ [ticket.ticketId]: form }, booking)[ticket.ticketId]! };
}
