import type { BookingFormValues } from '../../booking';

/**
 * Spec 4: embedded, with hideContactData, the booking step asks no contact; the first attendee is the buyer (the
 * server still records a contact: the reservation e-mail goes to it). Without a ticket (a pass) nothing changes.
 */
export function withContactFromFirstAttendee(values: BookingFormValues, firstTicketUuid: string | undefined): BookingFormValues {
  const first = firstTicketUuid ? values.tickets[firstTicketUuid] : undefined;
  if (!first) return values;
  return { ...values, firstName: first.firstName, lastName: first.lastName, email: first.email };
}
