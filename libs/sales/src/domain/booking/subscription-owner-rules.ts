import { bookingErrors, limits } from './booking-errors.js';
import type { SubscriptionOwnerForm } from './booking-form.js';
import type { BookingReport } from './booking-report.js';
import { isValidEmail } from './email-address.js';
import { lengthOf, trimToNull } from './form-values.js';
import type { NormalizedBooking } from './normalize-booking.js';

/** Who a subscription is for: the buyer, unless bought for someone else. */
export interface SubscriptionOwner {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
}

/** A subscription bought for someone else names its owner (reference item 20, `differentSubscriptionOwner`). */
export function checkSubscriptionOwner(owner: SubscriptionOwnerForm | null | undefined, report: BookingReport): void {
  const firstName = trimToNull(owner?.firstName);
  const lastName = trimToNull(owner?.lastName);
  const email = trimToNull(owner?.email);
  if (firstName === null) report.reject('subscriptionOwner.firstName', bookingErrors.emptyFirstName);
  else if (lengthOf(firstName) > limits.name) report.reject('subscriptionOwner.firstName', bookingErrors.firstNameTooLong, [limits.name]);
  if (lastName === null) report.reject('subscriptionOwner.lastName', bookingErrors.emptyLastName);
  else if (lengthOf(lastName) > limits.name) report.reject('subscriptionOwner.lastName', bookingErrors.lastNameTooLong, [limits.name]);
  if (email === null) report.reject('subscriptionOwner.email', bookingErrors.emptyEmail);
  else if (lengthOf(email) > limits.email) report.reject('subscriptionOwner.email', bookingErrors.emailTooLong, [limits.email]);
  else if (!isValidEmail(email)) report.reject('subscriptionOwner.email', bookingErrors.invalidEmail);
}

export function subscriptionOwnerOf(different: boolean, owner: SubscriptionOwnerForm | null | undefined, booking: NormalizedBooking): SubscriptionOwner {
  if (!different) return { firstName: booking.firstName ?? '', lastName: booking.lastName ?? '', email: booking.email ?? '' };
  return { firstName: trimToNull(owner?.firstName) ?? '', lastName: trimToNull(owner?.lastName) ?? '', email: trimToNull(owner?.email) ?? '' };
}
