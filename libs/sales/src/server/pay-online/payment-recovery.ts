import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Db } from '@ticketing/postgres';
import { OnlinePayments } from '@ticketing/payments/contracts';
import { RESERVATIONS_TABLE } from '../read-models/reservations/reservations.projection.js';
import { ReservationLog } from '../reservation/reservation-stream.js';
import type { EventStore } from '@ticketing/event-store';
import { SALES_DB, SALES_EVENT_STORE, SALES_OPTIONS, type SalesOptions } from '../tokens.js';
import { OnlineCheckout } from './online-checkout.js';

const ACTOR = 'system:payment-recovery';

/**
 * Orders waiting for a provider, checked with it: at start-up every one (a process that died between the
 * provider's success and our completion left its order waiting), then on each sweep those whose payment window
 * is over. A paid one completes (exactly once: the order's revision decides), a failed one is pending again,
 * and one still open when its window is over is cancelled at the provider, so no seat stays held for ever.
 */
@Injectable()
export class PaymentRecovery {
  private readonly logger = new Logger('PaymentRecovery');

  constructor(
    @Inject(SALES_OPTIONS) private readonly options: SalesOptions,
    @Inject(SALES_DB) private readonly db: Db,
    @Inject(SALES_EVENT_STORE) private readonly store: EventStore,
    private readonly checkout: OnlineCheckout,
    private readonly payments: OnlinePayments,
    private readonly reservations: ReservationLog,
  ) {}

  /** `all`: every order waiting for a provider; else only those past their payment window. Answers how many were checked. */
  async run({ all }: { all: boolean }): Promise<number> {
    const now = this.options.clock.now();
    const { rows } = await this.db.query<{ reservation_id: string }>(
      `select reservation_id from ${RESERVATIONS_TABLE}
        where status in ('EXTERNAL_PROCESSING_PAYMENT', 'WAITING_EXTERNAL_CONFIRMATION') ${all ? '' : 'and valid_until <= $1'}
        order by valid_until limit 500`,
      all ? [] : [now.toISOString()],
    );
    for (const { reservation_id: reservationId } of rows) {
      try {
        const attempt = await this.checkout.reconcile(reservationId, ACTOR);
        if (!attempt) continue;
        const { state } = await this.reservations.load(reservationId);
        const overdue = state.status !== 'NONE' && state.inFlight !== null && Date.parse(state.validUntil) <= now.getTime();
        if (overdue && attempt.status !== 'PROCESSING') {
          await this.checkout.follow(await this.payments.abandon(attempt.attemptId, 'EXPIRED', ACTOR), ACTOR);
        }
      } catch (error) {
        this.logger.warn({ msg: 'payment not reconciled, tried again on the next sweep', reservationId, reason: String(error) });
      }
    }
    // the expiry that follows reads the read model: what this run (and the webhook handlers racing it) wrote first
    if (rows.length > 0) await this.options.waitForProjections(await this.store.headPosition());
    return rows.length;
  }
}
