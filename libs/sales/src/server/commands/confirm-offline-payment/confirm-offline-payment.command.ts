import { Inject, Logger } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventStore } from '@ticketing/event-store';
import { InventoryDesk } from '../../inventory/inventory-desk.js';
import { mailFailure, ReservationMailer } from '../../reservation/mail/reservation-mailer.js';
import { SALES_EVENT_STORE, SALES_OPTIONS, type SalesOptions } from '../../tokens.js';
import { confirmOfflinePayment, type OfflinePaymentOutcome } from './confirm-offline-payment.js';

/**
 * The organizer saw a bank transfer arrive (organizer API; operators also have the CLI): the order completes
 * and the buyer gets the confirmation e-mail.
 */
export class ConfirmOfflinePaymentCommand extends Command<OfflinePaymentOutcome> {
  constructor(
    readonly reservationId: string,
    readonly actor: string,
  ) {
    super();
  }
}

@CommandHandler(ConfirmOfflinePaymentCommand)
export class ConfirmOfflinePaymentHandler implements ICommandHandler<ConfirmOfflinePaymentCommand, OfflinePaymentOutcome> {
  private readonly logger = new Logger('ConfirmOfflinePayment');

  constructor(
    @Inject(SALES_OPTIONS) private readonly options: SalesOptions,
    @Inject(SALES_EVENT_STORE) private readonly store: EventStore,
    private readonly desk: InventoryDesk,
    private readonly mailer: ReservationMailer,
  ) {}

  async execute({ reservationId, actor }: ConfirmOfflinePaymentCommand): Promise<OfflinePaymentOutcome> {
    const { clock, ids } = this.options;
    const { outcome, position } = await confirmOfflinePayment({ store: this.store, desk: this.desk, clock, ids }, reservationId, actor);
    if (position === null) return outcome;
    await this.options.waitForProjections(position);
    await this.mailer.sendConfirmation(reservationId).catch((error: unknown) => this.logger.warn({ msg: 'confirmation e-mail not sent', reason: mailFailure(error) }));
    return outcome;
  }
}
