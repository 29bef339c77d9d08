// The sales server, for the composition (libs/application) and the tools.
export { confirmOfflinePayment } from './confirm-offline-payment/confirm-offline-payment.js';
export { ReservationLog } from './reservation/reservation-stream.js';
export { PassIssuance } from './purchase-context/pass-issuance.js';
export { PurchaseOffers } from './purchase-context/purchase-offers.js';
export { InventoryDesk } from './inventory/inventory-desk.js';
export { installSoldOutAnswers } from './reserve-tickets/sold-out-answer.js';
export { HoldsSalesFigures } from './sales-figures/sales-figures.query.js';
export { salesProjections } from './read-models/sales-projections.js';
export { SalesModule } from './sales.module.js';
/** The waiting list's offer run (the sweep sends it after every expiry), for a caller that runs it at once. */
export { OfferReleasedSeatsCommand } from './offer-released-seats/offer-released-seats.command.js';
/** The expiry sweep (the scheduler sends it), for a caller that sweeps as of a given instant. */
export { ExpireReservationsCommand } from './expire-reservations/expire-reservations.command.js';
export { PaymentRecovery } from './pay-online/payment-recovery.js';
export { PaymentFollowUpSweep } from './pay-online/payment-follow-up-sweep.js';
export { OnlineCheckout } from './pay-online/online-checkout.js';
/** The reservation as the storefront's pages read it (from the log), for a caller inside the process (no access rule). */
export { ReservationQueries } from './get-reservation/reservation-queries.js';
