import { validateTicketOwner } from '@ticketing/sales/booking-rules';
import type { BookingTicket, MappedErrors, TicketFormValues } from '../../booking';
import { bookingContextOf } from '../../booking';
import { ownerFormBody, placeOwnerErrors } from './owner-form';

const NO_INVOICING = {
  invoiceAllowed: false,
  onlyInvoice: false,
  euVatCheckingEnabled: false,
  customerReferenceEnabled: false,
  enabledItalyEInvoicing: false,
  vatNumberStrictlyRequired: false,
};

interface EventSettings {
  readonly contentLanguages: readonly { readonly locale: string }[];
  /** Today is taken in the event's time zone, as the server takes it. */
  readonly timeZone: string;
}

/**
 * The update page's check before PUT (spec 5): the booking step's attendee rules for this one ticket, as the server
 * runs them (`validateTicketOwner`, reference 34), so a field shows the same message whichever side finds the error.
 * A chunk of its own, like the booking step's check: loaded when the visitor gets into the form.
 */
export function checkOwner(values: TicketFormValues, ticket: BookingTicket, event: EventSettings, now: number, fields: Iterable<string>): MappedErrors {
  const context = bookingContextOf({
    tickets: [ticket],
    supplements: [],
    free: true,
    invoicing: NO_INVOICING,
    forceAssignment: false,
    containsCategoriesLinkedToGroups: false,
    contentLanguages: event.contentLanguages,
    timeZone: event.timeZone,
    now,
    heldChoicesAccepted: true,
  });
  const { errors } = validateTicketOwner(ownerFormBody(values), { ...context, ticket: context.tickets[0]! });
  return placeOwnerErrors(
    ticket.uuid,
    errors.map((e) => ({ fieldName: e.field, code: e.code, arguments: e.args })),
    fields,
  );
}
