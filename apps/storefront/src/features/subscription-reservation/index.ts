// A pass's reservation (spec 2: subscription/{id}/reservation/{reservationId}/ children): the event's checkout
// steps and status pages for the purchase context 'subscription', the subscription success page, and the
// subscription page's reserve call.
export { loadPurchaseReservation } from './purchase-reservation-loader';
export { PurchaseReservationPage } from './components/purchase-reservation-page';
export { SubscriptionSuccessPage } from './components/subscription-success-page';
export { useReserveSubscription } from './hooks/use-reserve-subscription';
