import type { BillingAddress, BookingDetails } from '../reservation/booking-details.js';
import { attendeesOf, checkAttendees } from './attendee-rules.js';
import type { FieldRulesContext } from './attendee-field-rules.js';
import { checkBilling } from './billing-rules.js';
import type { BookingContext } from './booking-context.js';
import type { FieldError } from './booking-errors.js';
import type { BookingForm } from './booking-form.js';
import { BookingReport } from './booking-report.js';
import { checkContact } from './contact-rules.js';
import { taxIdOf } from './eu-vat-number.js';
import { checkItalianEInvoicing } from './italian-e-invoicing-rules.js';
import { parseLocalDate } from './local-date.js';
import { normalizeBooking, type NormalizedBooking } from './normalize-booking.js';
import { checkItems, itemsOf } from './supplement-item-rules.js';
import { checkSubscriptionOwner, subscriptionOwnerOf, type SubscriptionOwner } from './subscription-owner-rules.js';

export interface BookingValidation {
  /** Empty: the booking may go on to the overview. */
  readonly errors: readonly FieldError[];
  /** Go on only once the buyer has seen them (`ignoreWarnings=true`). */
  readonly warnings: readonly FieldError[];
  /** What to record, valid or not: the buyer finds it again on the booking step. */
  readonly booking: BookingDetails;
  /** Subscription purchases: who the subscription is for. Null for events. */
  readonly subscriptionOwner: SubscriptionOwner | null;
}

/**
 * The booking step's `validate-to-overview` (reference 3.3 item 20, spec points 2 and 5): applies the form's
 * side effects, then checks contact, invoice, Italian e-invoicing, supplement items, attendees and the
 * subscription owner, in that order. Pure: the EU VAT check and today's date come in with the context.
 */
export function validateBooking(form: BookingForm, context: BookingContext): BookingValidation {
  const today = parseLocalDate(context.today);
  if (today === null) throw new Error(`today must be an ISO local date, got ${context.today}`);
  const fieldContext: FieldRulesContext = { today, euCountryCodes: context.euCountryCodes, countryCodes: context.countryCodes, vatFieldChecks: context.vatFieldChecks };
  const booking = normalizeBooking(form, context);
  const report = new BookingReport();

  checkContact(booking, report);
  checkBilling(booking, context, report);
  checkItalianEInvoicing(booking, context, report);
  if (context.purchaseContextType === 'event') {
    checkItems(form.additionalServices ?? {}, context, fieldContext, report);
    if (!booking.postponeAssignment) checkAttendees(form.tickets ?? {}, context, fieldContext, report);
  } else if (form.differentSubscriptionOwner) {
    checkSubscriptionOwner(form.subscriptionOwner, report);
  }

  return {
    errors: report.errors,
    warnings: report.warnings,
    booking: detailsOf(form, booking, context),
    subscriptionOwner: context.purchaseContextType === 'subscription' ? subscriptionOwnerOf(form.differentSubscriptionOwner, form.subscriptionOwner, booking) : null,
  };
}

function detailsOf(form: BookingForm, booking: NormalizedBooking, context: BookingContext): BookingDetails {
  const event = context.purchaseContextType === 'event';
  return {
    contact: { firstName: booking.firstName ?? '', lastName: booking.lastName ?? '', email: booking.email ?? '' },
    invoiceRequested: booking.invoiceRequested,
    business: booking.business,
    skipVatNr: booking.skipVatNr,
    customerReference: booking.customerReference,
    billing: booking.invoiceRequested ? billingOf(booking, context) : null,
    postponeAssignment: booking.postponeAssignment,
    attendees: event && !booking.postponeAssignment ? attendeesOf(form.tickets ?? {}, context) : {},
    items: event ? itemsOf(form.additionalServices ?? {}, context) : [],
  };
}

function billingOf({ billing, business, skipVatNr, italianEInvoicing: italy }: NormalizedBooking, context: BookingContext): BillingAddress {
  const country = billing.country === 'EL' ? 'GR' : (billing.country ?? '');
  return {
    companyName: billing.company,
    addressLine1: billing.line1 ?? '',
    addressLine2: billing.line2,
    zip: billing.zip ?? '',
    city: billing.city ?? '',
    state: billing.state,
    country,
    taxId: business && !skipVatNr && billing.vatNr !== null ? taxIdOf(country, billing.vatNr, context.euCountryCodes) : null,
    italianEInvoicing: context.invoicing.enabledItalyEInvoicing
      ? { fiscalCode: italy.fiscalCode, referenceType: italy.referenceType ?? 'NONE', addresseeCode: italy.addresseeCode, pec: italy.pec, splitPayment: italy.splitPayment }
      : null,
  };
}
