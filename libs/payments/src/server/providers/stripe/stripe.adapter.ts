import Stripe from 'stripe';
import type { OnlineMethod } from '@ticketing/payments/domain';
import {
  ProviderUnavailable,
  WebhookRejected,
  type IncomingNotification,
  type PaymentProviderAdapter,
  type ProviderNotification,
  type ProviderPayment,
  type ProviderPaymentRequest,
} from '../payment-provider.js';
import { failureCode, statusOfPaymentIntent } from './payment-intent-status.js';
import { toStripeAmount } from './stripe-amount.js';

export interface StripeAccount {
  secretKey: string;
  publishableKey: string;
  /** The signing secret of the webhook endpoint (`whsec_...`). */
  webhookSecret: string;
  /** On: the browser confirms a PaymentIntent (3-D Secure where the bank asks). Off: it sends a card token we charge. */
  enableSCA: boolean;
  /** e.g. http://127.0.0.1:4321 for the stand-in; null = api.stripe.com */
  apiBase: string | null;
  testMode: boolean;
}

/** Stripe's own default: a signature older than five minutes may be a replayed request. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The token flow's PaymentIntent: stripe-node's types leave out `payment_method_data.card`, which the API takes for a token. */
type TokenPaymentParams = Stripe.PaymentIntentCreateParams & { payment_method_data: { type: 'card'; card: { token: string } } };

/**
 * Card payments through Stripe PaymentIntents with the official SDK, against api.stripe.com or the local stand-in.
 * With SCA the browser confirms the PaymentIntent with its client secret (and meets 3-D Secure there); without,
 * the browser's card token is charged at once. Webhooks are trusted only with a valid, recent signature.
 */
export function stripeAdapter(account: StripeAccount): PaymentProviderAdapter {
  const stripe = new Stripe(account.secretKey, {
    ...hostOf(account.apiBase),
    // one retry (with the same idempotency key) rides out a blip; more would keep a buyer waiting on a dead provider
    maxNetworkRetries: 1,
    timeout: 10_000,
    telemetry: false,
  });

  const paymentOf = (intent: Stripe.PaymentIntent): ProviderPayment => ({
    providerReference: intent.id,
    clientSecret: intent.client_secret,
    redirectUrl: intent.next_action?.redirect_to_url?.url ?? null,
    status: statusOfPaymentIntent(intent),
  });

  return {
    proxy: 'STRIPE',
    methods: ['CREDIT_CARD'],

    clientParameters: (_method: OnlineMethod) => ({
      stripe_p_key: account.publishableKey,
      enableSCA: account.enableSCA,
      platformMode: false,
      stripeConnectedAccount: null,
      testMode: account.testMode,
      // the storefront's test card form talks to the stand-in directly, as Stripe.js talks to api.stripe.com
      ...(account.testMode && account.apiBase ? { apiBase: account.apiBase } : {}),
    }),

    async start(request: ProviderPaymentRequest): Promise<ProviderPayment> {
      if (request.method !== 'CREDIT_CARD') throw new Error(`Stripe takes CREDIT_CARD, not ${request.method}`);
      const params: Stripe.PaymentIntentCreateParams = {
        // in Stripe's unit (ISK ×100), refused here when Stripe could not take it (5.125 KWD)
        amount: toStripeAmount(request),
        currency: request.currency.toLowerCase(),
        // cards only: the other methods go through their own providers. (The API version stripe-node 23 pins
        // refuses the older `payment_method_types`, and this excludes `automatic_payment_methods`.)
        allowed_payment_method_types: ['card'],
        description: request.description,
        receipt_email: request.buyer.email,
        metadata: { attemptId: request.attemptId, reservationId: request.reservationId },
      };
      const options = { idempotencyKey: request.idempotencyKey };
      if (request.gatewayToken === null) return paymentOf(await reach(() => stripe.paymentIntents.create(params, options)));
      const charge: TokenPaymentParams = {
        ...params,
        confirm: true,
        // where a card that still asks for 3-D Secure sends the buyer back
        return_url: request.returnUrl,
        payment_method_data: { type: 'card', card: { token: request.gatewayToken } },
      };
      try {
        return paymentOf(await reach(() => stripe.paymentIntents.create(charge, options)));
      } catch (error) {
        // a decline is an answer (402 with the PaymentIntent it left), not an outage
        if (error instanceof Stripe.errors.StripeCardError && error.payment_intent) {
          const intent = error.payment_intent;
          return { providerReference: intent.id, clientSecret: intent.client_secret, redirectUrl: null, status: { kind: 'failed', code: failureCode(error), message: error.message } };
        }
        throw error;
      }
    },

    async check(providerReference: string) {
      return statusOfPaymentIntent(await reach(() => stripe.paymentIntents.retrieve(providerReference)));
    },

    async clientSecret(providerReference: string) {
      return (await reach(() => stripe.paymentIntents.retrieve(providerReference))).client_secret;
    },

    async cancel(providerReference: string) {
      try {
        await reach(() => stripe.paymentIntents.cancel(providerReference));
        return true;
      } catch (error) {
        // already paid or already cancelled: Stripe refuses, and there is nothing left to cancel
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'payment_intent_unexpected_state') return false;
        throw error;
      }
    },

    async refund(providerReference, amount, idempotencyKey) {
      const refund = await reach(() => stripe.refunds.create({ payment_intent: providerReference, amount: toStripeAmount(amount) }, { idempotencyKey }));
      return { refundReference: refund.id };
    },

    async verifyNotification(notification: IncomingNotification): Promise<ProviderNotification | null> {
      const signature = headerOf(notification, 'stripe-signature');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(notification.rawBody, signature, account.webhookSecret, SIGNATURE_TOLERANCE_SECONDS);
      } catch (error) {
        // a wrong or stale signature, or a body that is not an event: not Stripe's, or not Stripe's now
        throw new WebhookRejected(error instanceof Error ? error.message : String(error));
      }
      switch (event.type) {
        case 'payment_intent.succeeded':
        case 'payment_intent.payment_failed':
        case 'payment_intent.processing':
        case 'payment_intent.canceled':
        case 'payment_intent.requires_action': {
          const intent = event.data.object;
          // the account may take payments elsewhere too (its web shop, its invoices): a PaymentIntent without our
          // attempt id is none of ours, answered 200 and ignored, where a 409 would have Stripe retry it for days
          const attemptId = intent.metadata['attemptId'];
          if (!attemptId) return null;
          return { eventId: event.id, providerReference: intent.id, attemptId, status: statusOfPaymentIntent(intent) };
        }
        default:
          // the endpoint may be subscribed to more (charge.*, payment_intent.created): answered 200 and ignored
          return null;
      }
    },
  };

  /** An outage (no connection, a timeout, a 5xx or 409, throttling) is ProviderUnavailable; any other refusal is a bug to see. */
  async function reach<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (
        error instanceof Stripe.errors.StripeConnectionError ||
        error instanceof Stripe.errors.StripeAPIError ||
        error instanceof Stripe.errors.StripeRateLimitError
      ) {
        throw new ProviderUnavailable('STRIPE', error);
      }
      throw error;
    }
  }
}

function hostOf(apiBase: string | null): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (apiBase === null) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

function headerOf(notification: IncomingNotification, name: string): string {
  const entry = Object.entries(notification.headers).find(([key]) => key.toLowerCase() === name);
  const value = entry?.[1];
  if (value === undefined || value === '') throw new WebhookRejected(`no ${name} header`);
  if (Array.isArray(value)) throw new WebhookRejected(`more than one ${name} header`);
  return value;
}
