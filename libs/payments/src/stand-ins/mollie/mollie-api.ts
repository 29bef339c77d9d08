import {
  amountOf,
  minorUnits,
  mollieError,
  mollieId,
  paymentResource,
  refundedMinor,
  refundResource,
  type MollieStandInPayment,
  type MollieStandInRefund,
} from './mollie-resources.js';

/** What a handler answers: the status and the JSON body. */
export interface ApiAnswer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

/** Methods Mollie takes today; the retired ones (inghomepay, sofort, giropay) it answers with a 422. */
const methods = new Set([
  'alma', 'applepay', 'bacs', 'bancomatpay', 'bancontact', 'banktransfer', 'belfius', 'billie', 'bizum', 'blik', 'creditcard', 'directdebit', 'eps',
  'giftcard', 'googlepay', 'ideal', 'in3', 'kbc', 'klarna', 'mbway', 'mobilepay', 'multibanco', 'mybank', 'paybybank', 'paypal', 'paysafecard',
  'pointofsale', 'przelewy24', 'riverty', 'satispay', 'swish', 'trustly', 'twint', 'vipps', 'voucher',
]);
const locales = new Set([
  'en_US', 'en_GB', 'nl_NL', 'nl_BE', 'fr_FR', 'fr_BE', 'fr_LU', 'de_DE', 'de_AT', 'de_CH', 'de_LU', 'es_ES', 'ca_ES', 'pt_PT', 'it_IT', 'nb_NO', 'sv_SE',
  'fi_FI', 'da_DK', 'is_IS', 'hu_HU', 'pl_PL', 'lv_LV', 'lt_LT',
]);

const invalid = (field: string, detail: string): ApiAnswer => ({ status: 422, body: mollieError(422, detail, field) });
const notFound = (id: string): ApiAnswer => ({ status: 404, body: mollieError(404, `No payment exists with token ${id}.`) });
const optionalString = (value: unknown) => value === undefined || value === null || typeof value === 'string';

/** POST /v2/payments: Mollie's checks of a one-off payment, then a new open payment. */
export function createPayment(body: Record<string, unknown>, apiKey: string, payments: Map<string, MollieStandInPayment>, base: string): ApiAnswer {
  const minor = minorUnits(body['amount']);
  if (minor === null) return invalid('amount.value', 'The amount contains an invalid value');
  if (minor === 0) return invalid('amount.value', 'The amount is lower than minimum');
  if (typeof body['description'] !== 'string' || body['description'].trim() === '') return invalid('description', 'The description is invalid');
  if (typeof body['redirectUrl'] !== 'string' || !URL.canParse(body['redirectUrl'])) return invalid('redirectUrl', 'The redirect URL is invalid');
  if (!optionalString(body['webhookUrl']) || (typeof body['webhookUrl'] === 'string' && !URL.canParse(body['webhookUrl']))) return invalid('webhookUrl', 'The webhook URL is invalid');
  if (!optionalString(body['method']) || (typeof body['method'] === 'string' && !methods.has(body['method']))) return invalid('method', 'The payment method is invalid');
  if (!optionalString(body['locale']) || (typeof body['locale'] === 'string' && !locales.has(body['locale']))) return invalid('locale', 'The locale is invalid');
  const amount = body['amount'] as MollieStandInPayment['amount'];
  const payment: MollieStandInPayment = {
    id: mollieId('tr_'),
    apiKey,
    createdAt: new Date().toISOString(),
    amount: { currency: amount.currency, value: amount.value },
    description: body['description'],
    method: (body['method'] as string | undefined) ?? null,
    redirectUrl: body['redirectUrl'],
    webhookUrl: (body['webhookUrl'] as string | undefined) ?? null,
    metadata: body['metadata'] ?? null,
    locale: (body['locale'] as string | undefined) ?? null,
    status: 'open',
    changedAt: null,
    failure: null,
    refunds: [],
  };
  payments.set(payment.id, payment);
  return { status: 201, body: paymentResource(payment, base) };
}

export function getPayment(payment: MollieStandInPayment | undefined, id: string, base: string): ApiAnswer {
  return payment ? { status: 200, body: paymentResource(payment, base) } : notFound(id);
}

/** DELETE /v2/payments/:id: only while the buyer has not paid (Mollie's `isCancelable`). */
export function cancelPayment(payment: MollieStandInPayment | undefined, id: string, base: string): ApiAnswer {
  if (!payment) return notFound(id);
  if (payment.status !== 'open' && payment.status !== 'authorized') return { status: 422, body: mollieError(422, `The payment ${id} cannot be canceled`) };
  payment.status = 'canceled';
  payment.changedAt = new Date().toISOString();
  return { status: 200, body: paymentResource(payment, base) };
}

/** POST /v2/payments/:id/refunds: a paid payment, up to what is left of it. */
export function refundPayment(payment: MollieStandInPayment | undefined, id: string, body: Record<string, unknown>, base: string): ApiAnswer {
  if (!payment) return notFound(id);
  if (payment.status !== 'paid') return { status: 422, body: mollieError(422, `The payment ${id} is not paid and cannot be refunded`) };
  const minor = minorUnits(body['amount']);
  const currency = (body['amount'] as { currency?: unknown } | undefined)?.currency;
  if (minor === null || minor === 0 || currency !== payment.amount.currency) return invalid('amount.value', 'The amount contains an invalid value');
  const left = (minorUnits(payment.amount) ?? 0) - refundedMinor(payment);
  if (minor > left) return invalid('amount.value', `The amount is higher than the amount that can be refunded (${amountOf(left, currency).value})`);
  const refund: MollieStandInRefund = {
    id: mollieId('re_'),
    paymentId: payment.id,
    amount: amountOf(minor, currency),
    description: typeof body['description'] === 'string' ? body['description'] : '',
    createdAt: new Date().toISOString(),
  };
  payment.refunds.push(refund);
  return { status: 201, body: refundResource(refund, base) };
}
