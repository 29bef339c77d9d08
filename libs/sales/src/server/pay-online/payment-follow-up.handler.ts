import { Logger } from '@nestjs/common';
import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { PaymentAttemptSettled } from '@ticketing/payments/contracts';
import { OnlineCheckout } from './online-checkout.js';

/**
 * A webhook (or any other change of an attempt) reaches the order: it completes, waits for the provider's
 * confirmation or is pending again. Published in process after the attempt's event is written; if the process
 * dies in between, or this fails, the recovery sweep (an order still waiting) or the follow-up sweep (money taken
 * that no order kept nor was refunded) follows the attempt then.
 */
@EventsHandler(PaymentAttemptSettled)
export class PaymentFollowUpHandler implements IEventHandler<PaymentAttemptSettled> {
  private readonly logger = new Logger('PaymentFollowUp');

  constructor(private readonly checkout: OnlineCheckout) {}

  async handle({ attempt, actor }: PaymentAttemptSettled): Promise<void> {
    await this.checkout.follow(attempt, actor).catch((error: unknown) => {
      this.logger.warn({ msg: 'order not yet following its payment, the sweeps will', attemptId: attempt.attemptId, reason: String(error) });
    });
  }
}
