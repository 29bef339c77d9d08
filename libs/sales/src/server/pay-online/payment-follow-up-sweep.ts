import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Db } from '@ticketing/postgres';
import { OnlinePayments } from '@ticketing/payments/contracts';
import { SALES_DB, SALES_OPTIONS, type SalesOptions } from '../tokens.js';
import { OnlineCheckout } from './online-checkout.js';

const ACTOR = 'system:payment-follow-up';
/** Attempts followed per sweep: the rest wait for the next one (oldest first). */
const BATCH = 100;
/** An advisory lock of its own (any bigint, fixed): one sweeping process at a time. */
const SWEEP_LOCK = '7203918824410561002';

/**
 * Money taken that no order kept and that was not refunded, followed again: the in-process follow-up of a success
 * (PaymentAttemptSettled) runs once, after the attempt's append, so a process stopped in between, a follow-up
 * that failed or a refund the provider refused left the buyer charged for nothing. Each such attempt is followed
 * as the webhook's follow-up would: the order completes with it, or keeps it (paid with it already), or it is
 * refunded; a refused refund is tried again after a wait that doubles each time. One process sweeps at a time
 * (an advisory lock); a sweep racing a webhook's follow-up is safe as they are: the order's expected revision
 * decides between them, and a refund is made once (the recorded refund, the provider's idempotency key).
 */
@Injectable()
export class PaymentFollowUpSweep {
  private readonly logger = new Logger('PaymentFollowUpSweep');

  constructor(
    @Inject(SALES_OPTIONS) private readonly options: SalesOptions,
    @Inject(SALES_DB) private readonly db: Db,
    private readonly checkout: OnlineCheckout,
    private readonly payments: OnlinePayments,
  ) {}

  /** One sweep; answers how many attempts it followed (0 when another process is sweeping). */
  async run(): Promise<number> {
    const lock = await this.db.connect();
    try {
      const { rows } = await lock.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [SWEEP_LOCK]);
      if (!rows[0]?.locked) return 0;
      try {
        return await this.followUnsettled();
      } finally {
        await lock.query('select pg_advisory_unlock($1)', [SWEEP_LOCK]);
      }
    } finally {
      lock.release();
    }
  }

  private async followUnsettled(): Promise<number> {
    const attempts = await this.payments.unsettledMoney(this.options.clock.now(), BATCH);
    for (const attempt of attempts) {
      try {
        await this.checkout.follow(attempt, ACTOR);
      } catch (error) {
        this.logger.warn({ msg: 'money taken not yet settled, tried again on the next sweep', attemptId: attempt.attemptId, reason: String(error) });
      }
    }
    return attempts.length;
  }
}
