import type { PaymentProviderAdapter, ProviderPayment, ProviderPaymentRequest, ProviderStatus } from '../payment-provider.js';
import { issueOf, paypalApi, unavailable } from './paypal-api.client.js';
import { captureOf, paypalMoney, statusOfOrder, type PayPalOrder } from './paypal-order.status.js';
import { paypalNotifications } from './paypal-webhook.verifier.js';

export interface PayPalAccount {
  readonly clientId: string;
  readonly clientSecret: string;
  /** The id PayPal gave the webhook registered for this server: its signatures are verified against it. */
  readonly webhookId: string;
  /** https://api-m.sandbox.paypal.com, https://api-m.paypal.com, or the stand-in's url. */
  readonly apiBase: string;
  /** True against the sandbox or a stand-in: the storefront says so to the buyer. */
  readonly testMode: boolean;
  /** Per request; 20 s unless given. */
  readonly timeoutMs?: number;
}

/**
 * PayPal Checkout through the Orders API v2: an order with intent CAPTURE, approved by the buyer on PayPal's page
 * (the redirect), captured by the first check that finds it approved. The provider reference is the order id.
 */
export function paypalAdapter(account: PayPalAccount): PaymentProviderAdapter {
  const api = paypalApi({ ...account, timeoutMs: account.timeoutMs ?? 20_000 });

  async function readOrder(orderId: string): Promise<PayPalOrder | null> {
    const answer = await api.call<PayPalOrder>('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
    if (answer.ok) return answer.body;
    // PayPal forgets an order that was never approved once it expires (3 hours in the sandbox): nothing was taken.
    if (answer.status === 404) return null;
    throw unavailable(`GET order ${orderId}`, answer);
  }

  /** One capture per order: the request id is the order's, so a second check (or a race of two) captures once. */
  async function capture(orderId: string): Promise<ProviderStatus> {
    const answer = await api.call<PayPalOrder>('POST', `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, { requestId: `capture-${orderId}` });
    if (answer.ok) return readable(statusOfOrder(answer.body), orderId);
    const issue = issueOf(answer.error);
    if (issue === 'INSTRUMENT_DECLINED' || issue === 'PAYER_CANNOT_PAY' || issue === 'TRANSACTION_REFUSED') {
      return { kind: 'failed', code: issue, message: answer.error.details?.[0]?.description ?? 'PayPal declined the payment.' };
    }
    if (issue === 'ORDER_ALREADY_CAPTURED') return read(orderId);
    throw unavailable(`capture order ${orderId}`, answer);
  }

  async function read(orderId: string): Promise<ProviderStatus> {
    const order = await readOrder(orderId);
    if (!order) return { kind: 'cancelled' };
    return readable(statusOfOrder(order), orderId);
  }

  async function check(orderId: string): Promise<ProviderStatus> {
    const order = await readOrder(orderId);
    if (!order) return { kind: 'cancelled' };
    if (order.status === 'APPROVED') return capture(orderId);
    return readable(statusOfOrder(order), orderId);
  }

  const notifications = paypalNotifications(api, account.webhookId, check);

  return {
    proxy: 'PAYPAL',
    methods: ['PAYPAL'],
    clientParameters: () => ({ testMode: account.testMode }),

    async start(request: ProviderPaymentRequest): Promise<ProviderPayment> {
      const answer = await api.call<PayPalOrder>('POST', '/v2/checkout/orders', { body: orderRequest(request), requestId: request.idempotencyKey });
      if (!answer.ok) throw unavailable('create order', answer);
      const order = answer.body;
      const link = order.links?.find((l) => l.rel === 'payer-action') ?? order.links?.find((l) => l.rel === 'approve');
      if (!link) throw unavailable(`order ${order.id} came without a payer-action link`);
      return { providerReference: order.id, clientSecret: null, redirectUrl: link.href, status: readable(statusOfOrder(order), order.id) };
    },

    check,

    // The Orders API has no call to cancel an order the buyer has not approved; it expires by itself.
    cancel: async () => false,

    async refund(orderId, amount, idempotencyKey) {
      const order = await readOrder(orderId);
      const captured = order ? captureOf(order) : undefined;
      if (!captured) throw unavailable(`order ${orderId} has no capture to refund`);
      const answer = await api.call<{ id: string }>('POST', `/v2/payments/captures/${encodeURIComponent(captured.id)}/refund`, {
        body: { amount: paypalMoney(amount.amount, amount.currency) },
        requestId: idempotencyKey,
      });
      if (!answer.ok) throw unavailable(`refund capture ${captured.id}`, answer);
      return { refundReference: answer.body.id };
    },

    verifyNotification: notifications.verify,
  };
}

function orderRequest(request: ProviderPaymentRequest): unknown {
  const cancelUrl = new URL(request.returnUrl);
  cancelUrl.searchParams.set('cancelled', 'true');
  return {
    intent: 'CAPTURE',
    purchase_units: [
      {
        reference_id: request.reservationId,
        custom_id: request.attemptId,
        // PayPal refuses a description of more than 127 characters.
        description: request.description.slice(0, 127),
        amount: paypalMoney(request.amount, request.currency),
      },
    ],
    payment_source: {
      paypal: {
        experience_context: {
          return_url: request.returnUrl,
          cancel_url: cancelUrl.toString(),
          user_action: 'PAY_NOW',
          shipping_preference: 'NO_SHIPPING',
          locale: /^[a-z]{2}$/.test(request.buyer.language) ? request.buyer.language : undefined,
        },
      },
    },
  };
}

function readable(status: ProviderStatus | null, orderId: string): ProviderStatus {
  if (!status) throw unavailable(`order ${orderId} is in a state this adapter cannot read`);
  return status;
}
