import type { BookingFormPatch, BookingFormValues } from '../../booking';

export type ContactField = 'firstName' | 'lastName' | 'email';
const CONTACT_FIELDS: readonly ContactField[] = ['firstName', 'lastName', 'email'];

/**
 * Spec 5, attendee autocomplete: what the buyer types as contact also fills the first ticket's field of the same
 * name, as long as that field was empty when the page opened, is editable, and the buyer has not typed in it.
 * `fillable` names those fields; the page removes one as soon as the buyer edits it on the ticket.
 */
export function withAttendeeAutocomplete(values: BookingFormValues, patch: BookingFormPatch, firstTicket: string | undefined, fillable: ReadonlySet<ContactField>): BookingFormValues {
  const next = { ...values, ...patch };
  const attendee = firstTicket ? next.tickets[firstTicket] : undefined;
  if (!firstTicket || !attendee) return next;
  const copied = CONTACT_FIELDS.filter((f) => patch[f] !== undefined && fillable.has(f));
  if (copied.length === 0) return next;
  const filled = { ...attendee };
  for (const f of copied) filled[f] = patch[f] as string;
  return { ...next, tickets: { ...next.tickets, [firstTicket]: filled } };
}

/** The first ticket's fields autocomplete may fill: empty at the start and editable. */
export function autocompleteFillable(values: BookingFormValues, firstTicket: string | undefined, readOnly: Readonly<Record<ContactField, boolean>>): Set<ContactField> {
  const attendee = firstTicket ? values.tickets[firstTicket] : undefined;
  if (!attendee) return new Set();
  return new Set(CONTACT_FIELDS.filter((f) => attendee[f].trim() === '' && !readOnly[f]));
}
