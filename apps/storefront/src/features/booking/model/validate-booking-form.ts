import { validateBooking, type BookingContext } from '@ticketing/sales/booking-rules';
import type { BookingFormValues } from './booking-form-values';
import { bookingFormForSubmit } from './booking-form-values';
import type { MappedErrors } from './server-errors';
import { mapServerErrors } from './server-errors';

/**
 * The client-side check of the booking step (spec 5): the server's own rules (`@ticketing/sales/booking-rules`)
 * on the body validate-to-overview would receive, their errors placed as the server's are (`mapServerErrors`),
 * so a field shows the same message whichever side found the error first. `fields`: the names of the controls
 * on screen, as for the server's errors. Warnings are left to the server, which asks before going on.
 */
export function validateBookingForm(values: BookingFormValues, context: BookingContext, fields?: Iterable<string>): MappedErrors {
  const { errors } = validateBooking(bookingFormForSubmit(values), context);
  return mapServerErrors(
    errors.map((e) => ({ fieldName: e.field, code: e.code, arguments: e.args })),
    fields,
  );
}
