import type { Attendee } from '../reservation/booking-details.js';
import type { FieldRulesContext } from './attendee-field-rules.js';
import { attendeesOf, checkAttendees } from './attendee-rules.js';
import type { BookedItem, BookedTicket, BookingContext } from './booking-context.js';
import type { FieldError } from './booking-errors.js';
import type { TicketOwnerForm } from './booking-form.js';
import { BookingReport } from './booking-report.js';
import { parseLocalDate } from './local-date.js';
import { checkTicketItems, type ItemAnswers } from './supplement-item-rules.js';

/** What the ticket's own rules read: the ticket with its questions and the parts of the booking context they use. */
export type TicketOwnerContext = Pick<BookingContext, 'contentLanguages' | 'today' | 'euCountryCodes' | 'countryCodes'> & {
  readonly ticket: BookedTicket;
  /** The supplement items linked to the ticket, with their questions: the ones whose answers the form may change. */
  readonly items?: readonly BookedItem[];
};

export interface TicketOwnerValidation {
  /**
   * Field errors under the form's own names (`email`, `firstName`, `additional[field][0]`,
   * `additionalServices[<ticket>][<i>].additional[field][0]`), as reference 34 answers them.
   */
  readonly errors: readonly FieldError[];
  /** The holder to record when there are no errors. */
  readonly holder: Attendee;
  /** The answers about the ticket's items the form gave, to record when there are no errors. */
  readonly items: readonly ItemAnswers[];
}

/**
 * The ticket update form (`UpdateTicketOwnerForm`, reference 34): the same attendee rules as the booking step,
 * for one ticket, with its field names un-prefixed, and the booking step's rules for the answers about the
 * supplement items linked to it (named as on the booking step, which already names them without a prefix).
 */
export function validateTicketOwner(form: TicketOwnerForm, context: TicketOwnerContext): TicketOwnerValidation {
  const today = parseLocalDate(context.today);
  if (today === null) throw new Error(`today must be an ISO local date, got ${context.today}`);
  const { ticket } = context;
  const booking = { tickets: [ticket], contentLanguages: context.contentLanguages };
  const fieldContext: FieldRulesContext = { today, euCountryCodes: context.euCountryCodes, countryCodes: context.countryCodes };
  const report = new BookingReport();
  checkAttendees({ [ticket.ticketId]: form }, booking, fieldContext, report);
  const prefix = `tickets[${ticket.ticketId}].`;
  const errors = report.errors.filter((e) => e.field.startsWith(prefix)).map((e) => ({ ...e, field: e.field.slice(prefix.length) }));
  const itemReport = new BookingReport();
  const items = checkTicketItems(form.additionalServices ?? {}, context.items ?? [], fieldContext, itemReport);
  return {
    errors: [...errors, ...itemReport.errors.filter((e) => e.field.startsWith('additionalServices['))],
    holder: attendeesOf({ [ticket.ticketId]: form }, booking)[ticket.ticketId]!,
    items,
  };
}
