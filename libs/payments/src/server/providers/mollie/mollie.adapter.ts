import { MollieApiError, type PaymentMethod } from '@mollie/api-client';
import type { OnlineMethod } from '@ticketing/payments/domain';
import {
  ProviderUnavailable,
  WebhookRejected,
  type IncomingNotification,
  type Money,
  type PaymentProviderAdapter,
  type ProviderNotification,
  type ProviderPayment,
  type ProviderPaymentRequest,
  type ProviderStatus,
} from '../payment-provider.js';
import { toMollieAmount } from './mollie-amount.js';
import { mollieClient } from './mollie-client.js';
import { isMollieMethod, mollieLocaleFor, mollieMethodIds } from './mollie-methods.js';
import { providerStatusOf } from './mollie-status.js';

export interface MollieAccount {
  /** `test_...` or `live_...`: Mollie decides the mode by the key. */
  readonly apiKey: string;
  /** The methods this account takes: CREDIT_CARD, IDEAL, APPLE_PAY, BANCONTACT, BELFIUS, KBC, PRZELEWY_24, ING_HOME_PAY. */
  readonly methods: readonly OnlineMethod[];
  /** `http://127.0.0.1:4321/v2/` for the local stand-in; null is Mollie's. */
  readonly apiBase: string | null;
  /** A test key; the storefront is told it pays in test mode. */
  readonly testMode: boolean;
}

const paymentId = /^tr_[A-Za-z0-9]+$/;

/** Mollie's Payments API through its SDK: a redirect to Mollie's checkout, then a webhook that carries only an id. */
export function mollieAdapter(account: MollieAccount): PaymentProviderAdapter {
  const unsupported = account.methods.filter((method) => !isMollieMethod(method));
  if (unsupported.length > 0) throw new Error(`Mollie takes none of ${unsupported.join(', ')}`);
  if (!account.apiKey.startsWith(account.testMode ? 'test_' : 'live_')) {
    throw new Error(`a Mollie account in ${account.testMode ? 'test' : 'live'} mode needs a ${account.testMode ? 'test_' : 'live_'} key`);
  }
  const mollie = mollieClient(account.apiKey, account.apiBase);

  /** Mollie unreachable, its answer unreadable, a 5xx (after the SDK's own two retries) or a 429: try again later. */
  const reaching = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      const unavailable = error instanceof MollieApiError && (error.statusCode === undefined || error.statusCode >= 500 || error.statusCode === 429);
      throw unavailable ? new ProviderUnavailable('MOLLIE', error) : error;
    }
  };
  /** The SDK checks an id's prefix itself but answers a bad one like a network error: checked here first. */
  const payment = (id: string) => {
    if (!paymentId.test(id)) throw new Error(`not a Mollie payment id: ${id}`);
    return reaching(() => mollie.payments.get(id));
  };

  return {
    proxy: 'MOLLIE',
    methods: account.methods,

    clientParameters: (): Record<string, unknown> => (account.testMode ? { testMode: true } : {}),

    async start(request: ProviderPaymentRequest): Promise<ProviderPayment> {
      const { method } = request;
      if (!account.methods.includes(method) || !isMollieMethod(method)) throw new Error(`this Mollie account does not take ${method}`);
      const created = await reaching(() =>
        mollie.payments.create({
          amount: toMollieAmount(request),
          description: request.description,
          redirectUrl: request.returnUrl,
          webhookUrl: request.webhookUrl,
          // ING Home'Pay is only among the SDK's historic methods; Mollie itself answers for it
          method: mollieMethodIds[method] as PaymentMethod,
          metadata: { attemptId: request.attemptId, reservationId: request.reservationId },
          locale: mollieLocaleFor(request.buyer.language),
          idempotencyKey: request.idempotencyKey,
        }),
      );
      return { providerReference: created.id, clientSecret: null, redirectUrl: created.getCheckoutUrl(), status: providerStatusOf(created) };
    },

    async check(providerReference: string): Promise<ProviderStatus> {
      return providerStatusOf(await payment(providerReference));
    },

    async cancel(providerReference: string): Promise<boolean> {
      if (!(await payment(providerReference)).isCancelable) return false;
      try {
        await reaching(() => mollie.payments.cancel(providerReference));
        return true;
      } catch (error) {
        // paid or expired between the read and the cancel
        if (error instanceof MollieApiError && error.statusCode === 422) return false;
        throw error;
      }
    },

    async refund(providerReference: string, amount: Money, idempotencyKey: string) {
      if (!paymentId.test(providerReference)) throw new Error(`not a Mollie payment id: ${providerReference}`);
      const refund = await reaching(() => mollie.paymentRefunds.create({ paymentId: providerReference, amount: toMollieAmount(amount), idempotencyKey }));
      return { refundReference: refund.id };
    },

    /**
     * Mollie signs nothing: it posts `id=tr_...` and the payment is read back from Mollie with our key, so only a
     * payment of this account gets through, with the status Mollie has now. Mollie gives a notification no id of its
     * own: the payment's id and status stand for it, so the same state reported twice is one notification.
     */
    async verifyNotification(notification: IncomingNotification): Promise<ProviderNotification> {
      const id = new URLSearchParams(notification.rawBody.toString('utf8')).get('id');
      if (!id) throw new WebhookRejected('no payment id in the body');
      if (!paymentId.test(id)) throw new WebhookRejected(`not a Mollie payment id: ${id}`);
      try {
        const reported = await payment(id);
        return { eventId: `${reported.id}:${reported.status}`, providerReference: reported.id, status: providerStatusOf(reported) };
      } catch (error) {
        if (error instanceof MollieApiError && error.statusCode === 404) throw new WebhookRejected(`Mollie knows no payment ${id} of this account`);
        throw error;
      }
    },
  };
}
