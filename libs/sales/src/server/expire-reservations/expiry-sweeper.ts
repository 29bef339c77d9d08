import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { SchedulerRegistry } from '@nestjs/schedule';
import { SALES_OPTIONS, type SalesOptions } from '../tokens.js';
import { ExpireReservationsCommand } from './expire-reservations.command.js';
import { PaymentFollowUpSweep } from '../pay-online/payment-follow-up-sweep.js';
import { PaymentRecovery } from '../pay-online/payment-recovery.js';
import { ReservationFinalizer } from '../finalize-reservation/reservation-finalizer.js';
import { OfferReleasedSeatsCommand } from '../offer-released-seats/offer-released-seats.command.js';

const INTERVAL_NAME = 'reservation-expiry';
const FINALIZER = 'system:reservation-finalizer';

/**
 * Runs the expiry command, then the waiting-list offers, every `sweepIntervalMs` (@nestjs/schedule); one sweep at
 * a time. Paid orders left FINALIZING (their invoice number not taken) are finalized at start-up and on each sweep;
 * money taken that no order kept nor was refunded is followed again (completes its order, or is refunded) on each.
 */
@Injectable()
export class ExpirySweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ReservationExpiry');
  private running: Promise<unknown> | null = null;

  constructor(
    @Inject(SALES_OPTIONS) private readonly options: SalesOptions,
    private readonly commands: CommandBus,
    private readonly scheduler: SchedulerRegistry,
    private readonly payments: PaymentRecovery,
    private readonly followUps: PaymentFollowUpSweep,
    private readonly finalizer: ReservationFinalizer,
  ) {}

  onApplicationBootstrap(): void {
    if (this.options.sweepIntervalMs <= 0) return;
    // orders a previous process left waiting for a provider: checked once now, whatever their deadline; then
    // those it left paid without their invoice number (and those the provider check just completed)
    void this.payments
      .run({ all: true })
      .catch((error: unknown) => this.logger.error({ msg: 'payment recovery failed', error: String(error) }))
      .then(() => this.followUps.run())
      .catch((error: unknown) => this.logger.error({ msg: 'payment follow-up sweep failed', error: String(error) }))
      .then(() => this.finalizer.recover(FINALIZER))
      .catch((error: unknown) => this.logger.error({ msg: 'finalization recovery failed', error: String(error) }));
    const timer = setInterval(() => void this.sweep(), this.options.sweepIntervalMs);
    timer.unref();
    this.scheduler.addInterval(INTERVAL_NAME, timer);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.scheduler.doesExist('interval', INTERVAL_NAME)) this.scheduler.deleteInterval(INTERVAL_NAME);
    await this.running;
  }

  /** One sweep; skipped while the previous one still runs. */
  async sweep(): Promise<void> {
    if (this.running) return;
    // payments whose window is over first: a paid one completes instead of expiring, an open one is cancelled
    this.running = this.payments
      .run({ all: false })
      // money left unsettled is followed on its own schedule (its back-off): a failure of it never stops the expiry
      .then(() => this.followUps.run().catch((error: unknown) => this.logger.error({ msg: 'payment follow-up sweep failed', error: String(error) })))
      .then(() => this.finalizer.recover(FINALIZER))
      .then(() => this.commands.execute(new ExpireReservationsCommand()))
      .then((result) => {
        if (result.expired + result.released > 0) this.logger.log({ msg: 'reservations expired', ...result });
      })
      // the seats just returned (and those cancelled since the last sweep) go to the waiting lists first
      .then(() => this.commands.execute(new OfferReleasedSeatsCommand()))
      .catch((error: unknown) => this.logger.error({ msg: 'expiry sweep failed', error: String(error) }))
      .finally(() => (this.running = null));
    await this.running;
  }
}
