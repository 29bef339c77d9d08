// The pages of a reservation after the purchase (spec 2 and 4): the status guard of every reservation page and
// the success, bank-transfer, deferred-payment, processing, not-found and error pages.
export { AVAILABLE_PAGES, availablePage, pageForStatus, pageOfPath, RESERVATION_PAGES, shortReservationId } from './reservation-page';
export type { ReservationPage, StatusLookup } from './reservation-page';
export { guardReservationPage, loadReservation, lookUpStatus, reservationPageHref } from './reservation-guard';
export { invoiceDownload } from './invoice-download';
export { STATUS_POLL_MS } from './hooks/use-follow-status';
export { SuccessPage } from './components/success-page';
export { WaitingPaymentPage } from './components/waiting-payment-page';
export { ProcessingPaymentPage } from './components/processing-payment-page';
export { DeferredPaymentPage } from './components/deferred-payment-page';
export { NotFoundPage } from './components/not-found-page';
export { ErrorPage } from './components/error-page';
