/**
 * The booking step's rules (spec points 2 and 5, reference 3.3 item 20), published once for both sides as
 * `@ticketing/sales/booking-rules`: the server runs them in validate-to-overview, the storefront before it sends
 * the form. Pure domain code behind it (no framework, no I/O, no other context): booking-rules.entry.unit.spec.ts
 * walks every import reachable from here and fails on anything else.
 */
export { validateBooking, type BookingValidation } from './validate-booking.js';
export { validateTicketOwner, type TicketOwnerContext, type TicketOwnerValidation } from './ticket-owner-rules.js';
export type { ItemAnswers } from './supplement-item-rules.js';
export type { BookingForm, TicketOwnerForm, AdditionalServiceLinkForm, SubscriptionOwnerForm, AdditionalAnswers, ItalyEInvoicingReferenceType } from './booking-form.js';
export type { BookingContext, BookedTicket, BookedItem, InvoicingSettings, VatCheckStatus } from './booking-context.js';
export { acceptingHeldChoices, type BookingQuestion, type BookingQuestionType } from './booking-question.js';
export { BOOKING_FORM, bookingErrors, bookingWarnings, limits, type FieldError } from './booking-errors.js';
export type { SubscriptionOwner } from './subscription-owner-rules.js';
