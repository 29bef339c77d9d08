import { NotFoundError } from '@ticketing/kernel';
import type { RefundReason } from '@ticketing/payments/contracts';
import type { AbandonReason, PaymentAttemptEvent, PaymentRequested } from './payment-attempt.events.js';
import { isSettled, type PaymentAttempt, type PaymentAttemptState } from './payment-attempt.js';

/** What a provider says of a payment, by webhook or when asked (the port's ProviderStatus, as the domain reads it). */
export type ProviderReport =
  | { readonly kind: 'pending' }
  | { readonly kind: 'processing' }
  | { readonly kind: 'succeeded'; readonly amount: number; readonly currency: string }
  | { readonly kind: 'failed'; readonly code: string; readonly message: string }
  | { readonly kind: 'cancelled' };

const OPEN: readonly PaymentAttempt['status'][] = ['REQUESTED', 'INITIATED', 'PROCESSING'];

function attemptOf(state: PaymentAttemptState, attemptId: string): PaymentAttempt {
  if (state.status === 'NONE') throw new NotFoundError('payment', attemptId);
  return state;
}

/** A new attempt: only on an empty stream (an attempt id is used once). */
export function decideRequestPayment(state: PaymentAttemptState, request: PaymentRequested['data']): PaymentRequested[] {
  if (state.status !== 'NONE') return [];
  return [{ type: 'PaymentRequested', data: request }];
}

/** The provider created the payment; a repeated answer (same idempotency key) changes nothing. */
export function decideInitiated(state: PaymentAttemptState, attemptId: string, providerReference: string, redirectUrl: string | null): PaymentAttemptEvent[] {
  const attempt = attemptOf(state, attemptId);
  if (attempt.providerReference !== null) return [];
  return [{ type: 'PaymentInitiated', data: { attemptId, providerReference, redirectUrl } }];
}

/**
 * A provider's report, from a verified webhook (`notificationId` its event id) or from our own check (null).
 * The same notification twice changes nothing, and so does a report that arrives after the attempt settled,
 * with one exception: money taken. A success reported after we recorded a failure or an abandon (a late or
 * out-of-order webhook, a card retried on the old payment) is recorded, since the buyer's money is at the
 * provider either way; what becomes of it (complete the order, or refund it) is the order's to decide. Money
 * in another amount or currency than the attempt asked for never counts as paid: it is flagged.
 */
export function decideProviderReport(state: PaymentAttemptState, attemptId: string, report: ProviderReport, notificationId: string | null): PaymentAttemptEvent[] {
  const attempt = attemptOf(state, attemptId);
  if (notificationId !== null && attempt.notifications.has(notificationId)) return [];
  const open = OPEN.includes(attempt.status);
  switch (report.kind) {
    case 'pending':
      return [];
    case 'processing':
      return attempt.status === 'REQUESTED' || attempt.status === 'INITIATED' ? [{ type: 'PaymentProcessing', data: { attemptId, notificationId } }] : [];
    case 'succeeded': {
      if (attempt.status === 'SUCCEEDED' || attempt.status === 'MISMATCHED') return [];
      const { amount, currency } = attempt.request;
      if (report.amount !== amount || report.currency.toUpperCase() !== currency.toUpperCase()) {
        return [
          {
            type: 'PaymentAmountMismatched',
            data: { attemptId, expectedAmount: amount, expectedCurrency: currency, reportedAmount: report.amount, reportedCurrency: report.currency.toUpperCase() },
          },
        ];
      }
      const providerReference = attempt.providerReference ?? '';
      return [{ type: 'PaymentSucceeded', data: { attemptId, providerReference, amount, currency, notificationId } }];
    }
    case 'failed':
      return open ? [{ type: 'PaymentFailed', data: { attemptId, code: report.code, message: report.message, notificationId } }] : [];
    case 'cancelled':
      return open ? [{ type: 'PaymentAbandoned', data: { attemptId, reason: 'PROVIDER_CANCELLED', cancelledAtProvider: true } }] : [];
  }
}

/** We stop waiting for an attempt (the buyer cancelled, chose another method, or time ran out). */
export function decideAbandon(state: PaymentAttemptState, attemptId: string, reason: AbandonReason, cancelledAtProvider: boolean): PaymentAttemptEvent[] {
  const attempt = attemptOf(state, attemptId);
  if (isSettled(attempt)) return [];
  return [{ type: 'PaymentAbandoned', data: { attemptId, reason, cancelledAtProvider } }];
}

/** The order took the money (it is paid with it): recorded once, and never for money refunded already. */
export function decideKeep(state: PaymentAttemptState, attemptId: string): PaymentAttemptEvent[] {
  const attempt = attemptOf(state, attemptId);
  if (attempt.status !== 'SUCCEEDED' || attempt.kept || attempt.refunded) return [];
  return [{ type: 'PaymentKept', data: { attemptId, reservationId: attempt.request.reservationId } }];
}

/** Whether the money of this attempt may be given back as unneeded: taken, and neither kept by its order nor refunded. */
export const refundable = (state: PaymentAttemptState): state is PaymentAttempt =>
  state.status === 'SUCCEEDED' && !state.kept && !state.refunded && state.providerReference !== null;

/**
 * Money the order did not take: refunded once; each refusal of the provider is flagged (the organizer is told, and
 * the follow-up sweep tries again after a longer wait each time).
 */
export function decideDuplicateOutcome(
  state: PaymentAttemptState,
  attemptId: string,
  outcome: { readonly refundReference: string } | { readonly refusal: string },
  reason: RefundReason,
): PaymentAttemptEvent[] {
  const attempt = attemptOf(state, attemptId);
  if (attempt.status !== 'SUCCEEDED' || attempt.refunded) return [];
  if ('refundReference' in outcome) {
    const { amount, currency } = attempt.request;
    return [{ type: 'PaymentRefunded', data: { attemptId, amount, currency, refundReference: outcome.refundReference, reason } }];
  }
  return attempt.kept ? [] : [{ type: 'PaymentFlagged', data: { attemptId, reason: 'REFUND_REFUSED', refundReason: reason, detail: outcome.refusal } }];
}
