// The booking step's rules, for the sales server (validate-to-overview) and the sales package index.
export { validateBooking, type BookingValidation } from './validate-booking.js';
export type { BookingForm, TicketOwnerForm, AdditionalServiceLinkForm, SubscriptionOwnerForm, AdditionalAnswers, ItalyEInvoicingReferenceType } from './booking-form.js';
export type { BookingContext, BookedTicket, BookedItem, InvoicingSettings, VatCheckStatus } from './booking-context.js';
export { BOOKING_FORM, bookingErrors, bookingWarnings, limits, type FieldError } from './booking-errors.js';
export type { SubscriptionOwner } from './subscription-owner-rules.js';
export { viesQuery, vatPrefixOf, isPlausibleEuVatNumber } from './eu-vat-number.js';
