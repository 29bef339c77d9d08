import type { ProviderStatus } from '../payment-provider.js';
import type { SaferpayError } from './saferpay-api.client.js';

/** The parts of Saferpay's PaymentTransaction the adapter reads. */
export interface SaferpayTransaction {
  readonly Type: string;
  /** AUTHORIZED, CAPTURED, PENDING or CANCELED. */
  readonly Status: string;
  readonly Id: string;
  /** Present once captured; a refund references it. */
  readonly CaptureId?: string;
  readonly Amount: { readonly Value: string; readonly CurrencyCode: string };
}

/** The payer has not finished (TRANSACTION_IN_PROGRESS is the name of later spec versions). */
const unfinished = new Set(['TRANSACTION_NOT_STARTED', 'TRANSACTION_IN_PROGRESS']);
/** Nothing was taken and nothing will be: the payer left, or the page's 24 hours ran out. */
const abandoned = new Set(['TRANSACTION_ABORTED', 'TOKEN_EXPIRED']);
/** Refused for this payment: another card or method may do. Any other error is Saferpay's or ours. */
const declined = new Set([
  'TRANSACTION_DECLINED', 'GENERAL_DECLINED', '3DS_AUTHENTICATION_FAILED', 'PAYMENTMEANS_INVALID', 'PAYMENTMEANS_NOT_SUPPORTED',
  'CARD_CVC_INVALID', 'CARD_CVC_REQUIRED', 'CARD_CHECK_FAILED', 'BLOCKED_BY_RISK_MANAGEMENT', 'NO_CONTRACT', 'PAYER_AUTHENTICATION_REQUIRED',
  'UPDATE_CARD_INFORMATION', 'CONDITION_NOT_SATISFIED',
]);

/** What an Assert refusal says of the payment; null for an error that says nothing of it (auth, validation ...). */
export function statusOfAssertError(error: SaferpayError): ProviderStatus | null {
  if (unfinished.has(error.ErrorName)) return { kind: 'pending' };
  if (abandoned.has(error.ErrorName)) return { kind: 'cancelled' };
  if (declined.has(error.ErrorName)) return { kind: 'failed', code: error.ErrorName, message: error.ErrorMessage ?? '' };
  return null;
}

/** The transaction's amount, already in minor units at Saferpay ("1050" CHF is 10.50). */
export function succeeded(transaction: SaferpayTransaction): ProviderStatus | null {
  const { Value, CurrencyCode } = transaction.Amount ?? {};
  if (typeof Value !== 'string' || !/^\d{1,16}$/.test(Value) || typeof CurrencyCode !== 'string') return null;
  return { kind: 'succeeded', amount: Number(Value), currency: CurrencyCode.toUpperCase() };
}
