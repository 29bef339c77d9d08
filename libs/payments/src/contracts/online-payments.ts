import type { Organizer } from '@ticketing/catalog/contracts';
import type { OnlineMethod, OnlineProxy } from './payment-methods.js';

/**
 * REQUESTED: asked, no answer yet; INITIATED: the provider has it, the buyer pays; PROCESSING: the provider
 * confirms; then SUCCEEDED (money taken), FAILED, ABANDONED or MISMATCHED (money of another amount, flagged).
 */
export type AttemptStatus = 'REQUESTED' | 'INITIATED' | 'PROCESSING' | 'SUCCEEDED' | 'FAILED' | 'ABANDONED' | 'MISMATCHED';

/**
 * Why money taken went back (or is to go back) to the buyer, as the auditor reads it: the order was paid or
 * confirmed another way (DUPLICATE: two tabs, a card after a transfer was chosen), it was cancelled or expired
 * before the money came (ORDER_ENDED), or the money was not the order's total now (OTHER_TOTAL).
 */
export type RefundReason = 'DUPLICATE' | 'ORDER_ENDED' | 'OTHER_TOTAL';

/** One attempt as the sales context sees it. */
export interface PaymentAttemptView {
  readonly attemptId: string;
  readonly reservationId: string;
  readonly proxy: OnlineProxy;
  readonly method: OnlineMethod;
  readonly status: AttemptStatus;
  readonly amount: number;
  readonly currency: string;
  readonly providerReference: string | null;
  /** Redirect methods: the provider's page the buyer goes to. */
  readonly redirectUrl: string | null;
  /** Why the provider refused it: its code and its message for the buyer. */
  readonly failure: { readonly code: string; readonly message: string } | null;
}

export interface StartPayment {
  /** Chosen by the caller, who records it on the order before the provider is called. */
  readonly attemptId: string;
  readonly reservationId: string;
  readonly purchaseContextType: 'event' | 'subscription';
  readonly purchaseContextId: string;
  readonly organizer: string;
  readonly proxy: OnlineProxy;
  readonly method: OnlineMethod;
  readonly amount: number;
  readonly currency: string;
  readonly description: string;
  readonly buyer: { readonly email: string; readonly name: string; readonly language: string };
  /** A card token made in the browser (Stripe without SCA). */
  readonly gatewayToken: string | null;
  readonly actor: string;
  readonly correlationId: string;
}

export interface StartedPayment {
  readonly attempt: PaymentAttemptView;
  /** Stripe SCA: what the browser confirms the card payment with (never stored in the log). */
  readonly clientSecret: string | null;
}

/** `activePaymentMethods` entries an organizer's provider accounts add: method id -> proxy and client parameters. */
export type OnlinePaymentMethods = Readonly<Record<string, { readonly paymentProxy: OnlineProxy; readonly parameters: Readonly<Record<string, unknown>> }>>;

/**
 * What the payments context offers the others: the card and redirect methods an organizer's accounts take,
 * and attempts to take an order's money through them. Every change of an attempt is an event on its
 * `payment-{attemptId}` stream; a change the order must follow is published as `PaymentAttemptSettled`.
 */
export abstract class OnlinePayments {
  /** The methods the organizer's configured accounts take, for the proxies the purchase context allows. */
  abstract methodsFor(organizer: Organizer | null, allowedProxies: readonly string[]): OnlinePaymentMethods;
  /** Records a new attempt and creates the payment at the provider. A provider that refuses at once answers a FAILED attempt. */
  abstract start(request: StartPayment): Promise<StartedPayment>;
  /** The attempt as recorded (no provider call). */
  abstract attempt(attemptId: string): Promise<PaymentAttemptView | null>;
  /** Asks the provider, records what changed, and answers the attempt after it. */
  abstract reconcile(attemptId: string, actor: string): Promise<PaymentAttemptView>;
  /** The client secret of an open attempt, to answer a repeated init. */
  abstract clientSecret(attemptId: string): Promise<string | null>;
  /** Stops an open attempt, cancelling it at the provider when it can. Answers the attempt after it. */
  abstract abandon(attemptId: string, reason: 'BUYER' | 'NEW_ATTEMPT' | 'EXPIRED', actor: string): Promise<PaymentAttemptView>;
  /**
   * Gives back the money of an attempt the order did not take (paid twice, the order gone, another total: `reason`);
   * flags it when refused. Never money its order kept, never twice (one idempotency key per attempt at the provider).
   */
  abstract refundUnneeded(attemptId: string, reason: RefundReason, actor: string): Promise<void>;
  /** The order was paid with the attempt's money: it is kept (never refunded as unneeded). */
  abstract keep(attemptId: string, actor: string): Promise<void>;
  /**
   * Money taken that no order kept and that was not refunded: what the follow-up (complete, or refund) has not
   * settled yet, oldest first. Due `now` when its last change is a minute old, or, after refused refunds, a wait
   * that doubles with each refusal (1,024 minutes at most).
   */
  abstract unsettledMoney(now: Date, limit: number): Promise<PaymentAttemptView[]>;
}

/** Published (in process) after an attempt's status changed: the sales context completes or reopens the order. */
export class PaymentAttemptSettled {
  constructor(
    readonly attempt: PaymentAttemptView,
    readonly actor: string,
  ) {}
}
