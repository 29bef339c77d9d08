// The sales domain (deciders, events, rules), for the sales server.
export { type VatCheckStatus } from './booking/booking-context.js';
export { type BookingForm } from './booking/booking-form.js';
export { vatCheckRequest, vatFieldChecks, viesQuery, type VatFieldCheck } from './booking/eu-vat-number.js';
export type { InvoiceTerms } from './booking/normalize-booking.js';
export { decideHolds, NOT_ENOUGH_TICKETS, CATEGORY_NOT_SALEABLE, isSeatsRefusal, decideRelease, decideReturnSetAside, decideSettle, decideReturnTicket, type ReturnTicket, type HoldOutcome, type HoldSeats, type SeatsRefusal, type InventoryLimits, type ReleaseHold, type SetAsideForWaitingList, type SettleHold, type Settlement } from './inventory/hold-seats.js';
export { inventoryEventTypes, inventoryStreamId, type InventoryEvent, type SeatsHeld, type TicketReturned, type TicketLine } from './inventory/inventory.events.js';
export { evolveInventory, initialInventoryState, withoutOneSeat, type InventoryState } from './inventory/inventory.js';
export { type PriceSummaryRow } from './pricing/reservation-price.js';
export { type VatRule } from './pricing/vat-rule.js';
export { paymentDescription, summaryRowText } from './pricing/summary-row-text.js';
export { summaryRowVatRule, summaryWithout } from './pricing/order-summary-rows.js';
export { passPaidPerTicket } from './pricing/cover-tickets.js';
export { hasPaidSupplement } from './pricing/reservation-price.js';
export { type Attendee, type BillingAddress, type BookingDetails } from './reservation/booking-details.js';
export { confirmErrors, decideConfirmOfflinePayment, decideConfirmReservation, isOnline, paymentMethodOf } from './reservation/confirm-reservation.js';
export * from './reservation/pay-online.js';
export { decideBackToBooking, decideChangeItemAnswers, decideRecordBooking, type ChangeItemAnswers } from './reservation/record-booking.js';
export { decideApplySubscription, decideRemoveSubscription, ticketsToCover, type ApplySubscription } from './reservation/apply-subscription.js';
export {
  purchaseContextTypeOf,
  reservationEventTypes,
  reservationStreamId,
  reservationSubjectId,
  type SubscriptionPurchaseContext,
  type ReservationEvent,
  type ReservationExpired,
  type ReservationFinalized,
  type ReservationOpened,
  type PaymentStarted,
  type PaymentAttemptEnded,
  type PaymentAwaitingConfirmation,
} from './reservation/reservation.events.js';
export { decideFinalizeReservation, finalizeReservationDecider, type FinalizationState, type FinalizeReservation } from './invoice/finalize-reservation.js';
export { billingDocumentOf, isPaid, type ReceiptRule } from './invoice/billing-document.js';
export { invoiceDue, type InvoicingRule } from './invoice/invoice-due.js';
export { formatInvoiceNumber } from './invoice/invoice-number.js';
export { invoiceSequenceEventTypes, invoiceSequenceStreamId, type InvoiceNumberAssigned, type InvoiceSequenceEvent } from './invoice/invoice-sequence.events.js';
export { evolveInvoiceSequence, initialInvoiceSequenceState, type InvoiceSequenceState } from './invoice/invoice-sequence.js';
export { decideCancelReservation, decideExpireReservation, decideRemoveEmptiedOrder, evolveReservation, initialReservationState, ticketsIssued, type AppliedSubscription, type OpenedReservation, type ReservationState } from './reservation/reservation.js';
export { decideReserveTickets, refusedAfterSoldOutCheck, soldOutCategories, type ReservationPlan, type ReserveTickets, type SelectedCategory } from './reservation/reserve-tickets.js';
export { decideReserveSubscription, PASS_LINE, subscriptionHoldRefusal, subscriptionInventoryKey, subscriptionSoldOut, type ReserveSubscription } from './reservation/reserve-subscription.js';
export { issueTickets } from './ticket/issue-tickets.js';
export type { TicketIssued } from './ticket/ticket.events.js';
export { categoryToOffer, decideOfferSeat, subscribersToOffer } from './waiting-list/offer-seat.js';
export { contentLanguageOf, decideSubscribeToWaitingList, type WaitingListForm, type WaitingListTerms } from './waiting-list/subscribe-to-waiting-list.js';
export { waitingListEventTypes, waitingListStreamId, type SubscriberContact, type WaitingListEvent, type WaitingListOffered } from './waiting-list/waiting-list.events.js';
export { evolveWaitingList, initialWaitingListState, type WaitingListState, type WaitingSubscriber } from './waiting-list/waiting-list.js';
export { deferredPaymentDeadline, offlineDelayDays, offlinePaymentDeadline, paymentTerms, type CardlessProxy, type PaymentTerms } from './payment/payment-terms.js';
