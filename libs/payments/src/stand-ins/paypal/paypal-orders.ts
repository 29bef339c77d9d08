import { randomBytes } from 'node:crypto';
import { decimalText, fractionDigits, parseAmount } from '@ticketing/kernel';
import { invalid, isAnswer, notFound, unprocessable, type Answer } from './paypal-errors.js';
import { withQuery } from '../http/stand-in-http.js';

export type PayPalCaptureOutcome = 'COMPLETED' | 'PENDING' | 'DECLINED';

export interface PayPalStandInMoney {
  readonly currency_code: string;
  readonly value: string;
}

export interface PayPalStandInCapture {
  readonly id: string;
  status: PayPalCaptureOutcome | 'PARTIALLY_REFUNDED' | 'REFUNDED';
  readonly amount: PayPalStandInMoney;
  readonly refunds: { readonly id: string; readonly amount: PayPalStandInMoney }[];
}

export interface PayPalStandInOrder {
  readonly id: string;
  status: 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  readonly referenceId: string | null;
  readonly customId: string | null;
  readonly description: string;
  readonly amount: PayPalStandInMoney;
  readonly returnUrl: string | null;
  readonly cancelUrl: string | null;
  /** The PayPal-Request-Id it was created with. */
  readonly requestId: string | null;
  payerId: string | null;
  capture: PayPalStandInCapture | null;
  readonly createTime: string;
}

/** What the orders tell the webhooks: an event type, its resource type, a summary and the resource. */
export type Emit = (eventType: string, resourceType: string, summary: string, resource: unknown) => void;

const paypalId = (): string => randomBytes(9).toString('hex').toUpperCase().slice(0, 17);

/** PayPal refuses more decimals than the currency has (JPY none, EUR two). */
function money(value: unknown): PayPalStandInMoney | Answer {
  const m = value as Partial<PayPalStandInMoney> | undefined;
  if (typeof m?.currency_code !== 'string' || !/^[A-Z]{3}$/.test(m.currency_code)) return invalid('INVALID_PARAMETER_VALUE', 'currency_code is not an ISO 4217 code.');
  if (typeof m.value !== 'string' || !/^\d{1,10}(\.\d+)?$/.test(m.value)) return invalid('INVALID_PARAMETER_VALUE', 'value is not a decimal amount.');
  const digits = fractionDigits(m.currency_code);
  if ((m.value.split('.')[1]?.length ?? 0) > digits) return unprocessable('DECIMAL_PRECISION', `${m.currency_code} takes at most ${digits} decimals.`);
  return { currency_code: m.currency_code, value: m.value };
}

function minor(m: PayPalStandInMoney): number {
  const parsed = parseAmount(m.value, fractionDigits(m.currency_code));
  if (!parsed.ok) throw new Error(`not an amount: ${m.value}`);
  return parsed.minor;
}

/**
 * Orders, their one capture and the capture's refunds, as PayPal keeps them, rendered as its JSON. Every change
 * PayPal notifies is emitted (CHECKOUT.ORDER.APPROVED, PAYMENT.CAPTURE.*).
 */
export function paypalOrders(origin: () => string, emit: Emit, nextCapture: () => PayPalCaptureOutcome) {
  const orders = new Map<string, PayPalStandInOrder>();

  const captureJson = (order: PayPalStandInOrder, capture: PayPalStandInCapture) => ({
    id: capture.id,
    status: capture.status,
    ...(capture.status === 'PENDING' ? { status_details: { reason: 'PENDING_REVIEW' } } : {}),
    ...(capture.status === 'DECLINED' ? { status_details: { reason: 'DECLINED_BY_RISK_FRAUD_FILTERS' } } : {}),
    amount: capture.amount,
    final_capture: true,
    custom_id: order.customId ?? undefined,
    supplementary_data: { related_ids: { order_id: order.id } },
    links: [{ href: `${origin()}/v2/payments/captures/${capture.id}/refund`, rel: 'refund', method: 'POST' }],
  });

  const orderJson = (order: PayPalStandInOrder) => ({
    id: order.id,
    intent: 'CAPTURE',
    status: order.status,
    create_time: order.createTime,
    purchase_units: [
      {
        reference_id: order.referenceId ?? 'default',
        custom_id: order.customId ?? undefined,
        description: order.description,
        amount: order.amount,
        payee: { merchant_id: 'STANDINMERCHANT' },
        ...(order.capture ? { payments: { captures: [captureJson(order, order.capture)] } } : {}),
      },
    ],
    ...(order.payerId ? { payer: { payer_id: order.payerId, email_address: 'buyer@example.com', name: { given_name: 'Test', surname: 'Buyer' } } } : {}),
    links: [
      { href: `${origin()}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
      ...(order.status === 'PAYER_ACTION_REQUIRED' ? [{ href: `${origin()}/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' }] : []),
      ...(order.status === 'CREATED' ? [{ href: `${origin()}/checkoutnow?token=${order.id}`, rel: 'approve', method: 'GET' }] : []),
      ...(order.status === 'APPROVED' ? [{ href: `${origin()}/v2/checkout/orders/${order.id}/capture`, rel: 'capture', method: 'POST' }] : []),
    ],
  });

  function create(body: Record<string, unknown>, requestId: string | null): Answer {
    if (body['intent'] !== 'CAPTURE') return unprocessable('INTENT_NOT_SUPPORTED', 'The stand-in takes intent CAPTURE only.');
    const units = body['purchase_units'];
    if (!Array.isArray(units) || units.length !== 1) return invalid('INVALID_ARRAY_LENGTH', 'The stand-in takes exactly one purchase unit.');
    const unit = units[0] as Record<string, unknown>;
    const amount = money(unit['amount']);
    if (isAnswer(amount)) return amount;
    const text = (key: string) => (typeof unit[key] === 'string' ? (unit[key] as string) : null);
    if ((text('description')?.length ?? 0) > 127) return invalid('INVALID_STRING_LENGTH', 'description is longer than 127.');
    const experience = (body['payment_source'] as { paypal?: { experience_context?: Record<string, unknown> } } | undefined)?.paypal?.experience_context;
    const context = experience ?? (body['application_context'] as Record<string, unknown> | undefined);
    const url = (key: string) => (typeof context?.[key] === 'string' ? (context[key] as string) : null);
    const order: PayPalStandInOrder = {
      id: paypalId(),
      // With payment_source.paypal the buyer's action is asked at once (payer-action); the older way answers CREATED.
      status: experience ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
      referenceId: text('reference_id'),
      customId: text('custom_id'),
      description: text('description') ?? '',
      amount,
      returnUrl: url('return_url'),
      cancelUrl: url('cancel_url'),
      requestId,
      payerId: null,
      capture: null,
      createTime: new Date().toISOString(),
    };
    orders.set(order.id, order);
    return { status: 201, body: orderJson(order) };
  }

  /** The buyer pressed "Pay now"; returns where PayPal sends the browser, null when the order is not waiting for it. */
  function approve(order: PayPalStandInOrder): string | null {
    if (order.status !== 'PAYER_ACTION_REQUIRED' && order.status !== 'CREATED') return null;
    order.status = 'APPROVED';
    order.payerId = randomBytes(7).toString('hex').toUpperCase().slice(0, 13);
    emit('CHECKOUT.ORDER.APPROVED', 'checkout-order', 'An order has been approved by buyer', orderJson(order));
    return order.returnUrl ? withQuery(order.returnUrl, { token: order.id, PayerID: order.payerId }) : '';
  }

  function capture(order: PayPalStandInOrder): Answer {
    if (order.status === 'COMPLETED') return unprocessable('ORDER_ALREADY_CAPTURED', 'Order already captured. If intent=CAPTURE only one capture per order is allowed.');
    if (order.status !== 'APPROVED') return unprocessable('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
    const outcome = nextCapture();
    order.capture = { id: paypalId(), status: outcome, amount: order.amount, refunds: [] };
    order.status = 'COMPLETED';
    const type = outcome === 'DECLINED' ? 'PAYMENT.CAPTURE.DENIED' : `PAYMENT.CAPTURE.${outcome}`;
    emit(type, 'capture', `Payment ${outcome.toLowerCase()} for ${order.amount.value} ${order.amount.currency_code}`, captureJson(order, order.capture));
    return { status: 201, body: orderJson(order) };
  }

  function completeCapture(order: PayPalStandInOrder): void {
    if (order.capture?.status !== 'PENDING') throw new Error(`order ${order.id} has no pending capture`);
    order.capture.status = 'COMPLETED';
    emit('PAYMENT.CAPTURE.COMPLETED', 'capture', 'Payment completed', captureJson(order, order.capture));
  }

  function refund(captureId: string, body: Record<string, unknown>): Answer {
    const order = [...orders.values()].find((o) => o.capture?.id === captureId);
    const captured = order?.capture;
    if (!order || !captured) return notFound(`Capture ${captureId}`);
    if (captured.status !== 'COMPLETED' && captured.status !== 'PARTIALLY_REFUNDED') return unprocessable('CAPTURE_NOT_REFUNDABLE', `Capture is ${captured.status}.`);
    const remaining = minor(captured.amount) - captured.refunds.reduce((sum, r) => sum + minor(r.amount), 0);
    const currency = captured.amount.currency_code;
    const requested = body['amount'] === undefined ? { currency_code: currency, value: decimalText(remaining, fractionDigits(currency)) } : money(body['amount']);
    if (isAnswer(requested)) return requested;
    if (requested.currency_code !== currency) return unprocessable('CURRENCY_MISMATCH', 'Refund currency differs from the capture.');
    if (minor(requested) > remaining) return unprocessable('REFUND_AMOUNT_EXCEEDED', 'The refund amount exceeds what is left of the capture.');
    const made = { id: paypalId(), amount: requested };
    captured.refunds.push(made);
    captured.status = minor(requested) === remaining ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    const json = { id: made.id, status: 'COMPLETED', amount: made.amount, links: [{ href: `${origin()}/v2/payments/captures/${captured.id}`, rel: 'up', method: 'GET' }] };
    emit('PAYMENT.CAPTURE.REFUNDED', 'refund', `A ${made.amount.value} ${currency} capture payment was refunded`, {
      ...json,
      supplementary_data: { related_ids: { order_id: order.id, capture_id: captured.id } },
    });
    return { status: 201, body: json };
  }

  return { orders, orderJson, create, approve, capture, completeCapture, refund };
}
