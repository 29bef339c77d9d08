import type { BookingFormValues, MappedErrors } from '../../booking';
import { validateBookingForm } from '../../booking';
import { bookingRulesContextOf } from './booking-rules-context';

type RulesContextSource = Parameters<typeof bookingRulesContextOf>;

/**
 * The booking step's check before validate-to-overview: the server's own booking rules on the form as the server
 * would receive it, in the context the reservation view and the event give. A chunk of its own (the rules are
 * most of the step's code and run only on submit): the page loads it when the visitor gets into the form.
 */
export function checkBooking(values: BookingFormValues, info: RulesContextSource[0], event: RulesContextSource[1], now: number, fields: Iterable<string>): MappedErrors {
  return validateBookingForm(values, bookingRulesContextOf(info, event, now), fields);
}
