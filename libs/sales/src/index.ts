// The public surface of the sales context: what other contexts, apps and tools may import.

// Events (the contract of the read side and of other contexts).
export * from './domain/inventory/inventory.events.js';
export * from './domain/reservation/reservation.events.js';
export * from './domain/waiting-list/waiting-list.events.js';
export * from './domain/ticket/ticket.events.js';
export type * from './domain/reservation/booking-details.js';

// Write side: deciders.
export { decideHolds, decideRelease, type HoldSeats, type InventoryLimits, type HoldOutcome } from './domain/inventory/hold-seats.js';
export { initialInventoryState, evolveInventory, type InventoryState } from './domain/inventory/inventory.js';
export { decideReserveTickets, reserveErrors, type ReserveTickets, type ReservationPlan } from './domain/reservation/reserve-tickets.js';
export {
  decideSubscribeToWaitingList,
  waitingListErrors,
  type SubscribeToWaitingList,
  type WaitingListForm,
  type WaitingListTerms,
} from './domain/waiting-list/subscribe-to-waiting-list.js';
export { decideOfferSeat, type OfferSeat } from './domain/waiting-list/offer-seat.js';
export { initialWaitingListState, evolveWaitingList, type WaitingListState } from './domain/waiting-list/waiting-list.js';

// Server (Nest): the module the composition root registers, its read models and the figures the catalog reads.
export { SalesModule, type SalesModuleOptions, type SalesModuleAsyncOptions } from './server/sales.module.js';
export { HoldsSalesFigures } from './server/queries/sales-figures.query.js';
export { InventoryDesk } from './server/inventory/inventory-desk.js';
export { ExpirySweeper } from './server/commands/expire-reservations/expiry-sweeper.js';
export { ExpireReservationsCommand } from './server/commands/expire-reservations/expire-reservations.command.js';
export { SubscribeToWaitingListCommand } from './server/waiting-list/subscribe-to-waiting-list/subscribe-to-waiting-list.command.js';
export { OfferReleasedSeatsCommand } from './server/waiting-list/offer-released-seats/offer-released-seats.command.js';
export { salesProjections } from './server/read-models/sales-projections.js';
export { confirmOfflinePayment, type OfflinePaymentOutcome } from './server/commands/confirm-offline-payment/confirm-offline-payment.js';
export { ConfirmOfflinePaymentCommand } from './server/commands/confirm-offline-payment/confirm-offline-payment.command.js';
export { EuVatChecker } from './server/booking/vat/eu-vat-checker.js';
export type { CaptchaVerifier } from './server/tokens.js';
