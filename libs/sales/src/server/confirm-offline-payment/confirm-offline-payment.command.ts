import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventStore } from '@ticketing/event-store';
import { NotFoundError } from '@ticketing/kernel';
import { PassIssuance } from '../purchase-context/pass-issuance.js';
import { PurchaseOffers } from '../purchase-context/purchase-offers.js';
import { ReservationLog } from '../reservation/reservation-stream.js';
import { InventoryDesk } from '../inventory/inventory-desk.js';
import { ReservationFinalizer } from '../finalize-reservation/reservation-finalizer.js';
import { SALES_EVENT_STORE, SALES_OPTIONS, type SalesOptions } from '../tokens.js';
import { confirmOfflinePayment, type OfflinePaymentOutcome } from './confirm-offline-payment.js';

/**
 * The organizer saw a bank transfer arrive (organizer API; operators also have the CLI): the order completes
 * and the buyer gets the confirmation e-mail. NotFoundError for an order of another organizer.
 */
export class ConfirmOfflinePaymentCommand extends Command<OfflinePaymentOutcome> {
  constructor(
    readonly reservationId: string,
    readonly organizerSlug: string,
  ) {
    super();
  }
}

@CommandHandler(ConfirmOfflinePaymentCommand)
export class ConfirmOfflinePaymentHandler implements ICommandHandler<ConfirmOfflinePaymentCommand, OfflinePaymentOutcome> {
  constructor(
    @Inject(SALES_OPTIONS) private readonly options: SalesOptions,
    @Inject(SALES_EVENT_STORE) private readonly store: EventStore,
    private readonly desk: InventoryDesk,
    private readonly finalizer: ReservationFinalizer,
    private readonly offers: PurchaseOffers,
    private readonly passes: PassIssuance,
    private readonly reservations: ReservationLog,
  ) {}

  async execute({ reservationId, organizerSlug }: ConfirmOfflinePaymentCommand): Promise<OfflinePaymentOutcome> {
    const { clock, ids } = this.options;
    // an organizer's key reaches its own orders only: another's answer as if they did not exist
    const { state } = await this.reservations.load(reservationId);
    const offer = state.status === 'NONE' ? null : await this.offers.forReservation(state, clock.now());
    if (!offer || offer.event.organizerSlug !== organizerSlug) throw new NotFoundError('reservation', reservationId);
    const actor = `organizer:${organizerSlug}`;
    const issuePass = this.passes.issueFor.bind(this.passes);
    const { outcome, finalizing, position } = await confirmOfflinePayment({ reservations: this.reservations, desk: this.desk, clock, ids, issuePass }, reservationId, actor);
    if (position === null) return outcome;
    await this.options.waitForProjections(position);
    await this.finalizer.afterPayment(reservationId, actor, finalizing);
    return outcome;
  }
}
