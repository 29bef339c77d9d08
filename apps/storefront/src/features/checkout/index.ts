// Checkout steps 2 (booking) and 3 (overview): the pages the reservation routes render. They wire the booking
// feature's building blocks to the reservation calls.
export { BookingPage } from './components/booking-page';
export { OverviewPage } from './components/overview-page';
export { parseBookingSearch, carriedSearch } from './model/checkout-search';
export type { BookingSearch } from './model/checkout-search';
export { loadCheckoutStep } from './checkout-loader';
