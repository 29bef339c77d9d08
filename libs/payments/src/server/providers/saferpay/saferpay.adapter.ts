import {
  WebhookRejected,
  type PaymentProviderAdapter,
  type ProviderPayment,
  type ProviderPaymentRequest,
  type ProviderStatus,
} from '../payment-provider.js';
import { freshRequestId, requestIdFor, saferpayApi, unavailable } from './saferpay-api.client.js';
import { statusOfAssertError, succeeded, type SaferpayTransaction } from './saferpay-payment.status.js';

type OnlineMethod = PaymentProviderAdapter['methods'][number];
export type SaferpayMethod = Extract<OnlineMethod, 'CREDIT_CARD' | 'TWINT' | 'POSTFINANCE'>;

export interface SaferpayAccount {
  readonly customerId: string;
  readonly terminalId: string;
  /** The JSON API user of the Backoffice (Settings > JSON API basic authentication). */
  readonly username: string;
  readonly password: string;
  /** https://test.saferpay.com/api, https://www.saferpay.com/api, or the stand-in's `apiBase`. */
  readonly apiBase: string;
  readonly testMode: boolean;
  /** The methods this terminal has contracts for; all three unless given. */
  readonly methods?: readonly SaferpayMethod[];
  /** Per request; 30 s unless given. */
  readonly timeoutMs?: number;
}

/** Saferpay's payment method ids for each of ours: the Payment Page then offers only those. */
const paymentMethods: Readonly<Record<SaferpayMethod, readonly string[]>> = {
  CREDIT_CARD: ['VISA', 'MASTERCARD', 'MAESTRO', 'AMEX', 'DINERS', 'JCB'],
  TWINT: ['TWINT'],
  POSTFINANCE: ['POSTFINANCEPAY'],
};

/** Payer.LanguageCode values of the JSON API that are a bare language. */
const languages = new Set(['bg', 'cs', 'da', 'de', 'el', 'en', 'es', 'et', 'fi', 'fr', 'hr', 'hu', 'is', 'it', 'ja', 'lt', 'lv', 'nl', 'nn', 'pl', 'pt', 'ro', 'ru', 'sk', 'sl', 'sv', 'tr', 'uk', 'zh']);

type Reading = { readonly known: true; readonly status: ProviderStatus; readonly captureId: string | null } | { readonly known: false };

/**
 * Saferpay's Payment Page (JSON API): Initialize gives a token and the page's address; after the payer, Assert
 * reads the transaction and the adapter captures an authorization at once. The provider reference is the token.
 *
 * Notifications: Saferpay calls SuccessNotifyUrl/FailNotifyUrl (both `request.webhookUrl`, used as given) with a
 * plain GET, unsigned and without any parameter of its own, and the token exists only after Initialize. So the
 * webhook route must put the token of the attempt its URL names into `query.token`; the adapter trusts nothing
 * else of the call and reads the payment back with Assert.
 *
 * Assert answers for 24 hours after Initialize (120 for a pending payment). Later a token reads as expired, and a
 * refund, which finds the capture through Assert, cannot be made from the token alone.
 */
export function saferpayAdapter(account: SaferpayAccount): PaymentProviderAdapter {
  const api = saferpayApi({ ...account, timeoutMs: account.timeoutMs ?? 30_000 });
  const methods = account.methods ?? (['CREDIT_CARD', 'TWINT', 'POSTFINANCE'] as const);

  /** One capture per transaction: the RequestId is the transaction's, so repeating it is harmless. */
  async function capture(transactionId: string): Promise<{ status: 'CAPTURED' | 'PENDING'; captureId: string | null } | 'already'> {
    const answer = await api.post<{ Status: string; CaptureId?: string }>('/Payment/v1/Transaction/Capture', requestIdFor(`capture-${transactionId}`), {
      TransactionReference: { TransactionId: transactionId },
    });
    if (!answer.ok) {
      if (answer.error.ErrorName === 'TRANSACTION_ALREADY_CAPTURED') return 'already';
      throw unavailable(`capture ${transactionId}`, answer);
    }
    if (answer.body.Status !== 'CAPTURED' && answer.body.Status !== 'PENDING') throw unavailable(`capture ${transactionId} answered ${answer.body.Status}`);
    return { status: answer.body.Status, captureId: answer.body.CaptureId ?? null };
  }

  async function inspect(token: string, attempt = 1): Promise<Reading> {
    const answer = await api.post<{ Transaction: SaferpayTransaction }>('/Payment/v1/PaymentPage/Assert', freshRequestId(), { Token: token });
    if (!answer.ok) {
      if (answer.error.ErrorName === 'TOKEN_INVALID') return { known: false };
      const status = statusOfAssertError(answer.error);
      if (!status) throw unavailable(`assert ${token}`, answer);
      return { known: true, status, captureId: null };
    }
    const transaction = answer.body.Transaction;
    switch (transaction?.Status) {
      case 'AUTHORIZED': {
        const captured = await capture(transaction.Id);
        // Captured meanwhile by another check: read it again for its capture id.
        if (captured === 'already') {
          if (attempt > 1) throw unavailable(`transaction ${transaction.Id} is authorized and captured at once`);
          return inspect(token, attempt + 1);
        }
        if (captured.status === 'PENDING') return { known: true, status: { kind: 'processing' }, captureId: captured.captureId };
        return { known: true, status: readable(succeeded(transaction), token), captureId: captured.captureId };
      }
      case 'CAPTURED':
        return { known: true, status: readable(succeeded(transaction), token), captureId: transaction.CaptureId ?? null };
      case 'PENDING':
        return { known: true, status: { kind: 'processing' }, captureId: null };
      case 'CANCELED':
        return { known: true, status: { kind: 'cancelled' }, captureId: null };
      default:
        throw unavailable(`assert ${token} answered a transaction in state ${String(transaction?.Status)}`);
    }
  }

  return {
    proxy: 'SAFERPAY',
    methods,
    clientParameters: () => ({ testMode: account.testMode }),

    async start(request: ProviderPaymentRequest): Promise<ProviderPayment> {
      const method = request.method as SaferpayMethod;
      if (!methods.includes(method)) throw new RangeError(`method ${request.method} is not enabled for this Saferpay terminal`);
      const language = request.buyer.language.toLowerCase();
      const answer = await api.post<{ Token: string; RedirectUrl: string }>('/Payment/v1/PaymentPage/Initialize', requestIdFor(request.idempotencyKey), {
        TerminalId: account.terminalId,
        Payment: {
          Amount: { Value: String(request.amount), CurrencyCode: request.currency.toUpperCase() },
          OrderId: request.reservationId,
          Description: request.description,
        },
        PaymentMethods: paymentMethods[method],
        ...(languages.has(language) ? { Payer: { LanguageCode: language } } : {}),
        ReturnUrl: { Url: request.returnUrl },
        Notification: { SuccessNotifyUrl: request.webhookUrl, FailNotifyUrl: request.webhookUrl },
      });
      if (!answer.ok) throw unavailable('initialize payment page', answer);
      return { providerReference: answer.body.Token, clientSecret: null, redirectUrl: answer.body.RedirectUrl, status: { kind: 'pending' } };
    },

    async check(token) {
      const reading = await inspect(token);
      if (!reading.known) throw unavailable(`token ${token} is unknown to Saferpay`);
      return reading.status;
    },

    // There is no call to withdraw a Payment Page token; one nobody paid expires by itself.
    cancel: async () => false,

    async refund(token, amount, idempotencyKey) {
      const reading = await inspect(token);
      if (!reading.known || reading.status.kind !== 'succeeded' || !reading.captureId) throw unavailable(`token ${token} has no capture to refund`);
      const answer = await api.post<{ Transaction: SaferpayTransaction }>('/Payment/v1/Transaction/Refund', requestIdFor(idempotencyKey), {
        Refund: { Amount: { Value: String(amount.amount), CurrencyCode: amount.currency.toUpperCase() } },
        CaptureReference: { CaptureId: reading.captureId },
      });
      if (!answer.ok) throw unavailable(`refund of ${token}`, answer);
      const refund = answer.body.Transaction;
      // A refund is authorized like a payment; no money goes back until it is captured.
      if (refund.Status === 'AUTHORIZED') {
        const captured = await api.post('/Payment/v1/Transaction/Capture', requestIdFor(`${idempotencyKey}:capture`), { TransactionReference: { TransactionId: refund.Id } });
        if (!captured.ok && captured.error.ErrorName !== 'TRANSACTION_ALREADY_CAPTURED') throw unavailable(`capture of refund ${refund.Id}`, captured);
      }
      return { refundReference: refund.Id };
    },

    async verifyNotification(notification) {
      const token = notification.query['token'];
      if (!token || !/^[A-Za-z0-9.:_-]{1,50}$/.test(token)) throw new WebhookRejected('no Saferpay token in query.token');
      const reading = await inspect(token);
      if (!reading.known) throw new WebhookRejected(`Saferpay does not know token ${token}`);
      // Saferpay notifies once the payer is done; a payment still open has nothing to report yet.
      if (reading.status.kind === 'pending') return null;
      return { eventId: `${token}:${reading.status.kind}`, providerReference: token, status: reading.status };
    },
  };
}

function readable(status: ProviderStatus | null, token: string): ProviderStatus {
  if (!status) throw unavailable(`assert ${token} answered an amount this adapter cannot read`);
  return status;
}
