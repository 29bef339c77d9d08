import type { Attendee } from '../reservation/booking-details.js';
import { contentLanguageOf } from '../waiting-list/subscribe-to-waiting-list.js';
import { answersTo, checkAdditionalAnswers, type FieldRulesContext } from './attendee-field-rules.js';
import type { BookingContext } from './booking-context.js';
import { bookingErrors, limits } from './booking-errors.js';
import type { TicketOwnerForm } from './booking-form.js';
import type { BookingReport } from './booking-report.js';
import { isValidEmail } from './email-address.js';
import { lengthOf, trimToNull } from './form-values.js';

/** What the attendee rules read of the booking context. */
export type AttendeeContext = Pick<BookingContext, 'tickets' | 'contentLanguages' | 'language'>;

const NO_ANSWERS: TicketOwnerForm = { email: null, additional: null };

/**
 * Every ticket of the reservation names its attendee (reference item 20, per ticket): a ticket missing from the
 * form is checked as an empty one. Any failure adds the global `error.STEP_2_MISSING_ATTENDEE_DATA`, or
 * `error.STEP_2_INVALID_VAT` when a VAT field is what failed.
 */
export function checkAttendees(
  tickets: Readonly<Record<string, TicketOwnerForm>>,
  context: AttendeeContext,
  fieldContext: FieldRulesContext,
  report: BookingReport,
): void {
  const mark = report.mark();
  for (const ticket of context.tickets) {
    const form = tickets[ticket.ticketId] ?? NO_ANSWERS;
    const prefix = `tickets[${ticket.ticketId}].`;
    const email = trimToNull(form.email);
    if (email !== null && lengthOf(email) > limits.email) report.reject(`${prefix}email`, bookingErrors.emailTooLong, [limits.email]);
    else if (email === null || !isValidEmail(email)) report.reject(`${prefix}email`, bookingErrors.attendeeEmail);
    checkName(report, `${prefix}firstName`, trimToNull(form.firstName), bookingErrors.emptyFirstName, bookingErrors.firstNameTooLong);
    checkName(report, `${prefix}lastName`, trimToNull(form.lastName), bookingErrors.emptyLastName, bookingErrors.lastNameTooLong);
    checkAdditionalAnswers(form.additional, ticket.questions, prefix, fieldContext, report);
  }
  const failed = report.errorsSince(mark);
  if (failed.length > 0) report.rejectForm(failed.some((e) => e.code === bookingErrors.invalidVat) ? bookingErrors.invalidVat : bookingErrors.missingAttendeeData);
}

function checkName(report: BookingReport, field: string, value: string | null, empty: string, tooLong: string): void {
  if (value === null) report.reject(field, empty);
  else if (lengthOf(value) > limits.name) report.reject(field, tooLong, [limits.name]);
}

/** The attendees to store, by ticket id: names and e-mail trimmed, the language one of the event's. */
export function attendeesOf(tickets: Readonly<Record<string, TicketOwnerForm>>, context: AttendeeContext): Record<string, Attendee> {
  const attendees: Record<string, Attendee> = {};
  for (const ticket of context.tickets) {
    const form = tickets[ticket.ticketId] ?? NO_ANSWERS;
    attendees[ticket.ticketId] = {
      firstName: trimToNull(form.firstName) ?? '',
      lastName: trimToNull(form.lastName) ?? '',
      email: trimToNull(form.email) ?? '',
      // with one content language there is no choice to make (spec point 2: the select is preset); with several, a form
      // that names none (an API client's) gets the language the buyer booked in
      userLanguage: contentLanguageOf(form.userLanguage ?? null, context.contentLanguages) ?? context.language ?? context.contentLanguages[0] ?? null,
      answers: answersTo(form.additional, ticket.questions),
    };
  }
  return attendees;
}
