import type { BookingContext } from './booking-context.js';
import { bookingErrors, limits } from './booking-errors.js';
import type { BookingReport } from './booking-report.js';
import { lengthOf } from './form-values.js';
import type { NormalizedBooking } from './normalize-booking.js';

function required(report: BookingReport, field: string, value: string | null, max: number | null): void {
  if (value === null) report.reject(field, bookingErrors.emptyField);
  else if (max !== null && lengthOf(value) > max) report.reject(field, bookingErrors.tooLong, [max]);
}

function optional(report: BookingReport, field: string, value: string | null, max: number): void {
  if (value !== null && lengthOf(value) > max) report.reject(field, bookingErrors.tooLong, [max]);
}

/** Greece is also accepted as EL, its VAT prefix, which is how the VAT country lists spell it. */
function isKnownCountry(country: string, context: BookingContext): boolean {
  return context.countryCodes.includes(country) || (country === 'EL' && context.countryCodes.includes('GR'));
}

/**
 * The invoice's address and VAT number (reference item 20, `if invoiceRequested`), the EU VAT check's outcome
 * for a business that gave a number, and the customer reference.
 */
export function checkBilling(booking: NormalizedBooking, context: BookingContext, report: BookingReport): void {
  const { billing } = booking;
  if (booking.invoiceRequested) {
    required(report, 'billingAddressLine1', billing.line1, limits.addressLine);
    optional(report, 'billingAddressLine2', billing.line2, limits.addressLine);
    required(report, 'billingAddressZip', billing.zip, limits.zip);
    required(report, 'billingAddressCity', billing.city, limits.city);
    required(report, 'vatCountryCode', billing.country, null);
    if (billing.country !== null && !isKnownCountry(billing.country, context)) report.reject('vatCountryCode', bookingErrors.restrictedValue);
    optional(report, 'billingAddressCompany', billing.company, limits.company);
    if (booking.business && !booking.skipVatNr) {
      if (billing.vatNr === null) report.reject('vatNr', bookingErrors.emptyField);
      else checkVatCheckOutcome(context, report);
    }
  }
  optional(report, 'customerReference', booking.customerReference, limits.customerReference);
}

/** The server asked VIES before validating; INVALID and UNAVAILABLE are the buyer's to fix or retry. */
function checkVatCheckOutcome(context: BookingContext, report: BookingReport): void {
  if (!context.invoicing.euVatCheckingEnabled) return;
  if (context.vatCheck.status === 'INVALID') report.reject('vatNr', bookingErrors.invalidVat);
  else if (context.vatCheck.status === 'UNAVAILABLE') report.reject('vatNr', bookingErrors.viesDown);
}
