import type { AdditionalField, BookingTicket } from './additional-field';
import { savedValues } from './additional-field';

/** Spec 4, field locking: a locked ticket's attendee fields are read-only. */
export const attendeeReadOnly = (ticket: Pick<BookingTicket, 'locked'>): boolean => ticket.locked;

/** The e-mail is read-only if the ticket is locked, or if e-mail edits are locked and the ticket has one. */
export const attendeeEmailReadOnly = (ticket: Pick<BookingTicket, 'locked' | 'email'>, lockEmailEdit: boolean): boolean =>
  ticket.locked || (lockEmailEdit && Boolean(ticket.email?.trim()));

/** A filled extra field of an acquired ticket is read-only unless the field is editable (and all are on a locked ticket). */
export const extraFieldReadOnly = (ticket: Pick<BookingTicket, 'locked' | 'acquired'>, field: AdditionalField): boolean =>
  ticket.locked || (ticket.acquired && !field.editable && savedValues(field).length > 0);
