import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventToAppend } from '@ticketing/event-store';
// Tests only: the projection harness (fresh database, real event store, a polling runner).
import { projectionHarness, type ProjectionHarness } from '@ticketing/testing/app';
import type { PaymentAttemptEvent } from '@ticketing/payments/domain';
import { paymentAttemptsProjection } from './payment-attempts.projection.js';

const A = '6d1f2f9e-7a43-4c2e-9a51-3f7b2c1d0001';
const B = '6d1f2f9e-7a43-4c2e-9a51-3f7b2c1d0002';
const R = '6d1f2f9e-7a43-4c2e-9a51-3f7b2c1d0009';
const log = (event: PaymentAttemptEvent, n: number): EventToAppend => ({
  type: event.type,
  data: { ...event.data } as Record<string, unknown>,
  metadata: { correlationId: `c-${n}`, causationId: `c-${n}`, occurredAt: `2027-03-01T10:0${n}:00.000Z`, actor: 'system:test' },
});
const requested = (attemptId: string, n: number): EventToAppend =>
  log(
    {
      type: 'PaymentRequested',
      data: {
        attemptId,
        reservationId: R,
        purchaseContextType: 'event',
        purchaseContextId: 'gala',
        organizer: 'acme',
        proxy: 'STRIPE',
        method: 'CREDIT_CARD',
        amount: 4_900,
        currency: 'EUR',
        idempotencyKey: `attempt-${attemptId}`,
      },
    },
    n,
  );
// A: declined, B: paid twice over (the second order's money went back)
const historyA = [
  requested(A, 1),
  log({ type: 'PaymentInitiated', data: { attemptId: A, providerReference: 'pi_A', redirectUrl: null } }, 2),
  log({ type: 'PaymentFailed', data: { attemptId: A, code: 'card_declined', message: 'Your card was declined.', notificationId: 'evt_1' } }, 3),
];
const historyB = [
  requested(B, 4),
  log({ type: 'PaymentInitiated', data: { attemptId: B, providerReference: 'pi_B', redirectUrl: null } }, 5),
  log({ type: 'PaymentSucceeded', data: { attemptId: B, providerReference: 'pi_B', amount: 4_900, currency: 'EUR', notificationId: null } }, 6),
  log({ type: 'PaymentRefunded', data: { attemptId: B, amount: 4_900, currency: 'EUR', refundReference: 're_1', reason: 'DUPLICATE' } }, 7),
];

describe('payments-attempts projection', () => {
  let h: ProjectionHarness;
  beforeEach(async () => {
    h = await projectionHarness('payment_attempts', [paymentAttemptsProjection]);
  });
  afterEach(() => h.close());

  const rows = () => h.rows('select attempt_id, reservation_id, proxy, provider_reference, status, amount, currency, refunded, flagged, revision from payments_attempts order by attempt_id');

  it('keeps each attempt with its provider reference (what a webhook names), status and refund', async () => {
    await h.given(`payment-${A}`, historyA);
    await h.given(`payment-${B}`, historyB);
    expect(await rows()).toEqual([
      { attempt_id: A, reservation_id: R, proxy: 'STRIPE', provider_reference: 'pi_A', status: 'FAILED', amount: '4900', currency: 'EUR', refunded: false, flagged: false, revision: 2 },
      { attempt_id: B, reservation_id: R, proxy: 'STRIPE', provider_reference: 'pi_B', status: 'SUCCEEDED', amount: '4900', currency: 'EUR', refunded: true, flagged: false, revision: 3 },
    ]);
  });

  it('flags an attempt whose money was of another amount', async () => {
    await h.given(`payment-${A}`, [
      requested(A, 1),
      log({ type: 'PaymentAmountMismatched', data: { attemptId: A, expectedAmount: 4_900, expectedCurrency: 'EUR', reportedAmount: 100, reportedCurrency: 'EUR' } }, 2),
    ]);
    expect(await rows()).toEqual([expect.objectContaining({ attempt_id: A, status: 'MISMATCHED', flagged: true, provider_reference: null })]);
  });

  it('marks money its order kept, and counts each refused refund (the follow-up sweep waits longer after each)', async () => {
    const paid = (attemptId: string, n: number) => [
      requested(attemptId, n),
      log({ type: 'PaymentInitiated', data: { attemptId, providerReference: `pi_${n}`, redirectUrl: null } }, n + 1),
      log({ type: 'PaymentSucceeded', data: { attemptId, providerReference: `pi_${n}`, amount: 4_900, currency: 'EUR', notificationId: null } }, n + 2),
    ];
    const refused = (attemptId: string, n: number) => log({ type: 'PaymentFlagged', data: { attemptId, reason: 'DUPLICATE_NOT_REFUNDED', detail: 'api_error' } }, n);
    await h.given(`payment-${A}`, [...paid(A, 1), log({ type: 'PaymentKept', data: { attemptId: A, reservationId: R } }, 4)]);
    await h.given(`payment-${B}`, [...paid(B, 5), refused(B, 8), refused(B, 9)]);
    const marks = () => h.rows('select attempt_id, kept, refunded, flagged, refund_refusals, updated_at from payments_attempts order by attempt_id');
    expect(await marks()).toEqual([
      { attempt_id: A, kept: true, refunded: false, flagged: false, refund_refusals: 0, updated_at: new Date('2027-03-01T10:04:00.000Z') },
      { attempt_id: B, kept: false, refunded: false, flagged: true, refund_refusals: 2, updated_at: new Date('2027-03-01T10:09:00.000Z') },
    ]);
    const before = await marks();
    await h.replayAllAgain(paymentAttemptsProjection);
    expect(await marks()).toEqual(before);
  });

  it('changes nothing when the events are delivered again', async () => {
    await h.given(`payment-${A}`, historyA);
    await h.given(`payment-${B}`, historyB);
    const before = await rows();
    await h.replayAllAgain(paymentAttemptsProjection);
    expect(await rows()).toEqual(before);
  });

  it('rebuilds to the rows it has live', async () => {
    await h.given(`payment-${A}`, historyA);
    await h.given(`payment-${B}`, historyB);
    await h.runner.rebuild(paymentAttemptsProjection.name);
    expect(await h.runner.verify(paymentAttemptsProjection.name)).toMatchObject({ ok: true });
  });
});
