import type { OnlineMethod, OnlineProxy } from '@ticketing/payments/contracts';

/**
 * The port every card or redirect provider is reached through. An adapter speaks its provider's real SDK or REST
 * API against a base URL it is given (the provider, or its local stand-in), and knows nothing of reservations:
 * it creates, reads, cancels and refunds one payment at the provider, and turns a webhook into a verified
 * notification. The payments context records what it answers as events on the attempt's stream.
 */
export interface PaymentProviderAdapter {
  readonly proxy: OnlineProxy;
  /** The methods this account takes, of those the provider can (Mollie: iDEAL, Bancontact ...). */
  readonly methods: readonly OnlineMethod[];
  /**
   * What the storefront needs to pay with this provider (`activePaymentMethods[m].parameters`): Stripe's
   * `stripe_p_key` and `enableSCA`, and `testMode: true` when the adapter talks to a local stand-in.
   */
  clientParameters(method: OnlineMethod): Record<string, unknown>;
  /** Creates the payment at the provider; the idempotency key makes a repeated call answer the same payment. */
  start(request: ProviderPaymentRequest): Promise<ProviderPayment>;
  /** Reads the payment's status at the provider (force-check, recovery, a webhook that carries only an id). */
  check(providerReference: string): Promise<ProviderStatus>;
  /** The client secret of a payment started before (Stripe: the PaymentIntent's), to answer a repeated init. */
  clientSecret?(providerReference: string): Promise<string | null>;
  /** Cancels a payment not completed; false when the provider cannot (already paid, or no such call). */
  cancel(providerReference: string): Promise<boolean>;
  /** Gives the money back (a second payment of an order already paid); the key makes a repeat a no-op. */
  refund(providerReference: string, amount: Money, idempotencyKey: string): Promise<{ readonly refundReference: string }>;
  /**
   * Verifies a webhook (signature, or for providers that sign nothing, by reading the payment back from the
   * provider) and says what it reports. Throws WebhookRejected when it is forged, stale or unreadable.
   */
  verifyNotification(notification: IncomingNotification): Promise<ProviderNotification | null>;
}

export interface Money {
  /** Integer minor units. */
  readonly amount: number;
  /** ISO 4217, upper case. */
  readonly currency: string;
}

export interface ProviderPaymentRequest extends Money {
  /** Our id of the attempt (`payment-{attemptId}`): metadata at the provider, to find it back. */
  readonly attemptId: string;
  /** Unique per attempt, never the reservation id alone: a retry after a declined card must not collide. */
  readonly idempotencyKey: string;
  readonly reservationId: string;
  readonly method: OnlineMethod;
  /** Shown by the provider (`descriptionForPayment`). */
  readonly description: string;
  readonly buyer: { readonly email: string; readonly name: string; readonly language: string };
  /** Where the provider sends the browser back after a redirect payment. */
  readonly returnUrl: string;
  /** Where the provider posts its notifications for this attempt (providers that take one per payment). */
  readonly webhookUrl: string;
  /** A card token made in the browser (Stripe without SCA: charged at once). */
  readonly gatewayToken: string | null;
}

/** What the provider says of a payment. `amount`/`currency` are what it took, checked against the order. */
export type ProviderStatus =
  /** Created, waiting for the buyer (card form, redirect page, 3-D Secure challenge). */
  | { readonly kind: 'pending' }
  /** The buyer is done; the provider is still confirming (Stripe `processing`, Mollie `authorized`/`pending`). */
  | { readonly kind: 'processing' }
  | { readonly kind: 'succeeded'; readonly amount: number; readonly currency: string }
  /** Declined or failed; `code` is the provider's (`card_declined`), `message` its words for the buyer. */
  | { readonly kind: 'failed'; readonly code: string; readonly message: string }
  /** Cancelled or expired at the provider, no money taken. */
  | { readonly kind: 'cancelled' };

export interface ProviderPayment {
  readonly providerReference: string;
  /** Stripe SCA: the PaymentIntent's client secret the browser confirms with. */
  readonly clientSecret: string | null;
  /** Redirect methods: the provider's page the buyer goes to. */
  readonly redirectUrl: string | null;
  readonly status: ProviderStatus;
}

export interface IncomingNotification {
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The body exactly as received: signatures are computed over these bytes. */
  readonly rawBody: Buffer;
  readonly query: Readonly<Record<string, string | undefined>>;
}

export interface ProviderNotification {
  /** The provider's id of this notification (Stripe `evt_...`); the same id twice is one notification. */
  readonly eventId: string;
  readonly providerReference: string;
  /**
   * Our attempt id as the provider's payment names it (Stripe: the PaymentIntent's metadata), for providers whose
   * webhooks also tell of payments made elsewhere on the account: a reference not known here is then ours and
   * not recorded yet only if that attempt exists here.
   */
  readonly attemptId?: string;
  /**
   * What the payment's state is, or how to learn it where learning it acts on the payment (PayPal: an approved
   * order is captured): that runs only once the payment is known to be one of ours, never for another shop's.
   */
  readonly status: ProviderStatus | (() => Promise<ProviderStatus>);
}

/** The notification's status, learnt (and acted on) now if it was deferred. */
export const notifiedStatus = (notification: ProviderNotification): Promise<ProviderStatus> =>
  typeof notification.status === 'function' ? notification.status() : Promise.resolve(notification.status);

/** A webhook that is not the provider's (bad or missing signature, too old, unknown payment): 400, logged. */
export class WebhookRejected extends Error {
  constructor(readonly reason: string) {
    super(`webhook rejected: ${reason}`);
    this.name = 'WebhookRejected';
  }
}

/** The provider could not be reached or answered an error we cannot read: try again later. */
export class ProviderUnavailable extends Error {
  constructor(readonly proxy: OnlineProxy, cause: unknown) {
    super(`${proxy} unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'ProviderUnavailable';
  }
}
