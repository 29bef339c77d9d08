import { bookingErrors, bookingWarnings, limits } from './booking-errors.js';
import type { BookingReport } from './booking-report.js';
import { isValidEmail, looksMistyped } from './email-address.js';
import { lengthOf } from './form-values.js';
import type { NormalizedBooking } from './normalize-booking.js';

/** The buyer's e-mail and names (reference item 20: first bullet pair). */
export function checkContact(booking: NormalizedBooking, report: BookingReport): void {
  const { email, firstName, lastName } = booking;
  if (email === null) report.reject('email', bookingErrors.emptyEmail);
  else if (lengthOf(email) > limits.email) report.reject('email', bookingErrors.emailTooLong, [limits.email]);
  else if (!isValidEmail(email)) report.reject('email', bookingErrors.invalidEmail);
  else if (looksMistyped(email)) report.warn('email', bookingWarnings.emailTypo, [email]);

  if (firstName === null) report.reject('firstName', bookingErrors.emptyFirstName);
  else if (lengthOf(firstName) > limits.name) report.reject('firstName', bookingErrors.firstNameTooLong, [limits.name]);
  if (lastName === null) report.reject('lastName', bookingErrors.emptyLastName);
  else if (lengthOf(lastName) > limits.name) report.reject('lastName', bookingErrors.lastNameTooLong, [limits.name]);
}
