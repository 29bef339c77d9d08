import { randomBytes } from 'node:crypto';

/** The statuses a Mollie payment goes through (docs.mollie.com/docs/status-change). */
export const mollieStatuses = ['open', 'pending', 'authorized', 'paid', 'failed', 'canceled', 'expired'] as const;
export type MollieStatus = (typeof mollieStatuses)[number];

export interface MollieStandInAmount {
  readonly currency: string;
  readonly value: string;
}

export interface MollieStandInRefund {
  readonly id: string;
  readonly paymentId: string;
  readonly amount: MollieStandInAmount;
  readonly description: string;
  readonly createdAt: string;
}

/** A payment as the stand-in keeps it; the API answers it as Mollie's resource (`paymentResource`). */
export interface MollieStandInPayment {
  readonly id: string;
  /** The key that made it: another key does not see it (Mollie scopes payments to the profile of the key). */
  readonly apiKey: string;
  readonly createdAt: string;
  readonly amount: MollieStandInAmount;
  readonly description: string;
  readonly method: string | null;
  readonly redirectUrl: string;
  readonly webhookUrl: string | null;
  readonly metadata: unknown;
  readonly locale: string | null;
  status: MollieStatus;
  /** When the status last changed (paidAt, failedAt, canceledAt or expiredAt, by the status). */
  changedAt: string | null;
  /** `details.failureReason` / `failureMessage` of a failed card payment. */
  failure: { readonly reason: string; readonly message: string } | null;
  readonly refunds: MollieStandInRefund[];
}

/** Mollie's ids: a prefix and ten letters or digits (`tr_WDqYK6vllg`, `re_4qqhO89gsT`). */
export function mollieId(prefix: 'tr_' | 're_'): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return prefix + Array.from(randomBytes(10), (byte) => alphabet[byte % alphabet.length]).join('');
}

/** Digits after the point of a currency's amounts (EUR 2, JPY 0), as Mollie checks them. */
export function currencyDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** Minor units of an amount string with exactly the currency's decimals; null for anything else ("12.5" EUR). */
export function minorUnits(amount: unknown): number | null {
  if (typeof amount !== 'object' || amount === null) return null;
  const { currency, value } = amount as Record<string, unknown>;
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency) || typeof value !== 'string') return null;
  const digits = currencyDigits(currency);
  const shape = digits === 0 ? /^\d+$/ : new RegExp(`^\\d+\\.\\d{${digits}}$`);
  return shape.test(value) ? Number(value.replace('.', '')) : null;
}

export function amountOf(minor: number, currency: string): MollieStandInAmount {
  const digits = currencyDigits(currency);
  const units = String(minor).padStart(digits + 1, '0');
  return { currency, value: digits === 0 ? units : `${units.slice(0, -digits)}.${units.slice(-digits)}` };
}

export const refundedMinor = (payment: MollieStandInPayment): number => payment.refunds.reduce((sum, refund) => sum + (minorUnits(refund.amount) ?? 0), 0);

const link = (href: string, type = 'application/hal+json') => ({ href, type });
const docs = (page: string) => link(`https://docs.mollie.com/reference/${page}`, 'text/html');
const changedAtField: Partial<Record<MollieStatus, string>> = { paid: 'paidAt', failed: 'failedAt', canceled: 'canceledAt', expired: 'expiredAt', authorized: 'authorizedAt' };

/** The payment as Mollie's v2 API answers it (HAL: `_links.checkout` only while the buyer can still pay). */
export function paymentResource(payment: MollieStandInPayment, base: string): Record<string, unknown> {
  const open = payment.status === 'open';
  const paid = payment.status === 'paid';
  const expiresAt = new Date(Date.parse(payment.createdAt) + 15 * 60_000).toISOString();
  const refunded = refundedMinor(payment);
  const total = minorUnits(payment.amount) ?? 0;
  const changedAt = changedAtField[payment.status];
  return {
    resource: 'payment',
    id: payment.id,
    mode: 'test',
    createdAt: payment.createdAt,
    amount: payment.amount,
    description: payment.description,
    method: payment.method,
    metadata: payment.metadata,
    status: payment.status,
    ...(open || payment.status === 'authorized' ? { isCancelable: true } : {}),
    ...(open ? { expiresAt } : {}),
    ...(changedAt && payment.changedAt ? { [changedAt]: payment.changedAt } : {}),
    ...(paid ? { amountRefunded: amountOf(refunded, payment.amount.currency), amountRemaining: amountOf(total - refunded, payment.amount.currency) } : {}),
    ...(payment.failure ? { details: { failureReason: payment.failure.reason, failureMessage: payment.failure.message } } : {}),
    locale: payment.locale,
    profileId: 'pfl_standin01',
    sequenceType: 'oneoff',
    redirectUrl: payment.redirectUrl,
    webhookUrl: payment.webhookUrl,
    _links: {
      self: link(`${base}/v2/payments/${payment.id}`),
      ...(open ? { checkout: link(`${base}/checkout/${payment.id}`, 'text/html') } : {}),
      ...(payment.refunds.length > 0 ? { refunds: link(`${base}/v2/payments/${payment.id}/refunds`) } : {}),
      documentation: docs('get-payment'),
    },
  };
}

export function refundResource(refund: MollieStandInRefund, base: string): Record<string, unknown> {
  return {
    resource: 'refund',
    id: refund.id,
    amount: refund.amount,
    status: 'pending',
    createdAt: refund.createdAt,
    description: refund.description,
    metadata: null,
    paymentId: refund.paymentId,
    _links: {
      self: link(`${base}/v2/payments/${refund.paymentId}/refunds/${refund.id}`),
      payment: link(`${base}/v2/payments/${refund.paymentId}`),
      documentation: docs('create-refund'),
    },
  };
}

/** Mollie's error body (`status`, `title`, `detail`, `field`): the SDK reads the status code from it, not the response. */
export function mollieError(status: number, detail: string, field?: string): Record<string, unknown> {
  const titles: Record<number, string> = { 400: 'Bad Request', 401: 'Unauthorized Request', 404: 'Not Found', 422: 'Unprocessable Entity', 503: 'Service Unavailable' };
  return { status, title: titles[status] ?? 'Error', detail, ...(field ? { field } : {}), _links: { documentation: link('https://docs.mollie.com/overview/handling-errors', 'text/html') } };
}
