import { Injectable } from '@nestjs/common';
import { DomainError, NotFoundError, RuleViolations } from '@ticketing/kernel';
import { isOnlineMethod, serverInitiatedProxies } from '@ticketing/payments/contracts';
import { unknownReservation } from '../shared/unknown-reservation.js';
import { OnlineCheckout } from './online-checkout.js';
import type { TransactionInitializationTokenDto } from './online-payment.dto.js';
import { OnlinePaymentQueries } from './online-payment.queries.js';
import { localizedPaymentReason } from './payment-reason.js';

/**
 * `payment/{method}/init` (and its legacy aliases): the card payment the browser confirms. A refusal (expired,
 * not validated, paid meanwhile, declined at once) is an answer with reservationStatusChanged, as alf.io's: the
 * client reloads the order.
 */
@Injectable()
export class InitCardPayment {
  constructor(
    private readonly checkout: OnlineCheckout,
    private readonly queries: OnlinePaymentQueries,
  ) {}

  async run(reservationId: string, method: string, actor: string): Promise<TransactionInitializationTokenDto> {
    const proxy = await this.queries.proxyFor(reservationId, method);
    // reference 3.3 item 24: an unknown order answers 400, a method no provider takes 404, and so does one whose
    // provider is paid on its own page (the overview's confirm starts that payment and answers the page; init would
    // lock the order in a payment whose page the caller never learns)
    if (proxy === undefined) throw unknownReservation();
    if (!proxy || !isOnlineMethod(method) || !serverInitiatedProxies.includes(proxy)) throw new NotFoundError('payment provider', method);
    const answer = { token: null, paymentMethod: method, paymentProvider: proxy };
    try {
      const step = await this.checkout.pay({ reservationId, proxy, method, gatewayToken: null, origin: 'init', actor });
      if (step.kind === 'confirm-card') return { ...answer, clientSecret: step.clientSecret, errorMessage: null, reservationStatusChanged: false };
      return { ...answer, clientSecret: null, errorMessage: null, reservationStatusChanged: true };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // the reason in words (a client shows errorMessage as it comes), in the order's language: init carries none
      const refusal = localizedPaymentReason(error, await this.queries.languageOf(reservationId));
      const message = refusal instanceof RuleViolations ? (refusal.violations[0]?.args[0] ?? refusal.violations[0]?.code) : error.code;
      return { ...answer, clientSecret: null, errorMessage: String(message), reservationStatusChanged: true };
    }
  }
}
