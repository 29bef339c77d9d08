import { describe, expect, it } from 'vitest';
import { DomainError, NotFoundError, RuleViolations } from '@ticketing/kernel';
import type { AttemptStatus } from '@ticketing/payments/contracts';
import { confirmErrors, decideConfirmReservation, type ConfirmReservation } from './confirm-reservation.js';
import { decidePaymentFollowUp, decideStartPayment, type AttemptOutcome, type StartOnlinePayment } from './pay-online.js';
import type { PaymentAttemptEnded, PaymentStarted, ReservationEvent, ReservationOpened } from './reservation.events.js';
import { evolveReservation, initialReservationState, type ReservationState } from './reservation.js';

const now = new Date('2027-03-01T10:00:00.000Z');
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
const reservationId = 'r-1';

const opened = (requiresPayment = true, validUntil = at(25)): ReservationOpened => ({
  type: 'ReservationOpened',
  data: {
    reservationId,
    eventShortName: 'gala',
    language: 'en',
    validUntil,
    promoCode: null,
    tickets: [{ ticketId: 't-1', categoryId: 1, metadata: {} }],
    additionalServices: [],
    price: { requiresPayment, currency: 'CHF', totals: { priceWithVat: 4500 } } as ReservationOpened['data']['price'],
    ownerUserId: null,
  },
});
const validated: ReservationEvent = { type: 'BookingValidated', data: { reservationId } };
const started = (attemptId = 'a-1', proxy: PaymentStarted['data']['proxy'] = 'STRIPE', method: PaymentStarted['data']['method'] = 'CREDIT_CARD', validUntil = at(30)): PaymentStarted => ({
  type: 'PaymentStarted',
  data: { reservationId, eventShortName: 'gala', attemptId, proxy, method, validUntil },
});
const ended = (attemptId = 'a-1', validUntil = at(25)): PaymentAttemptEnded => ({
  type: 'PaymentAttemptEnded',
  data: { reservationId, eventShortName: 'gala', attemptId, outcome: 'FAILED', code: 'card_declined', message: 'Your card was declined.', validUntil },
});
const given = (...events: ReservationEvent[]): ReservationState => events.reduce((s, e) => evolveReservation(s, e, now.toISOString()), initialReservationState());

const offered = { CREDIT_CARD: { paymentProxy: 'STRIPE' }, IDEAL: { paymentProxy: 'MOLLIE' }, BANK_TRANSFER: { paymentProxy: 'OFFLINE' } };
const start = (overrides: Partial<StartOnlinePayment> = {}): StartOnlinePayment => ({
  reservationId,
  attemptId: 'a-2',
  proxy: 'STRIPE',
  method: 'CREDIT_CARD',
  now,
  offered,
  language: null,
  ...overrides,
});
const refusalOf = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    if (error instanceof RuleViolations) return error.violations.map((v) => `${v.field}:${v.code}`).join(',');
    if (error instanceof DomainError) return `${error.field}:${error.code}`;
    if (error instanceof NotFoundError) return 'not-found';
    throw error;
  }
  return 'accepted';
};

describe('decideStartPayment', () => {
  describe('a pending, validated order that costs something', () => {
    const state = given(opened(), validated);
    it('starts the attempt and holds the seats for the payment window', () => {
      expect(decideStartPayment(state, start())).toEqual({
        events: [{ type: 'PaymentStarted', data: { reservationId, eventShortName: 'gala', attemptId: 'a-2', proxy: 'STRIPE', method: 'CREDIT_CARD', validUntil: at(30) } }],
        settlement: { kind: 'extend', expiresAt: at(30) },
      });
    });
    it('goes on in the language the buyer pays in, when the event speaks another one than the order', () => {
      const state = given(opened(), validated);
      const language = state.status === 'NONE' ? null : state.language;
      expect(decideStartPayment(state, start({ language: 'de' })).languageChanged).toEqual({ type: 'ReservationLanguageChanged', data: { reservationId, language: 'de' } });
      expect(decideStartPayment(state, start({ language })).languageChanged).toBeUndefined();
    });
    it('keeps a deadline later than the window', () => {
      const later = given(opened(true, at(45)), validated);
      expect(decideStartPayment(later, start()).settlement).toEqual({ kind: 'extend', expiresAt: at(45) });
    });
    it.each([
      ['a method no provider of the order takes', { method: 'PAYPAL' as const, proxy: 'PAYPAL' as const }],
      ['a method under another proxy than the one that takes it', { method: 'IDEAL' as const, proxy: 'STRIPE' as const }],
    ])('refuses %s', (_, overrides) => expect(refusalOf(() => decideStartPayment(state, start(overrides)))).toBe(`paymentForm:${confirmErrors.missingPaymentMethod}`));
  });

  describe('other orders', () => {
    it.each<[string, ReservationState, string]>([
      ['an unknown one', initialReservationState(), 'not-found'],
      ['a cancelled one', given(opened(), { type: 'ReservationCancelled', data: { reservationId, eventShortName: 'gala' } }), 'not-found'],
      ['an expired one', given(opened(), { type: 'ReservationExpired', data: { reservationId, eventShortName: 'gala', validUntil: at(25) } }), `paymentForm:${confirmErrors.expired}`],
      ['a pending one past its deadline', given(opened(true, at(-1)), validated), `paymentForm:${confirmErrors.expired}`],
      ['one not validated', given(opened()), `paymentForm:${confirmErrors.notValidated}`],
      ['a free one', given(opened(false), validated), `paymentForm:${confirmErrors.missingPaymentMethod}`],
      ['one paying already', given(opened(), validated, started()), `paymentForm:${confirmErrors.notAwaitingTransfer}`],
    ])('refuses %s', (_, state, refusal) => expect(refusalOf(() => decideStartPayment(state, start()))).toBe(refusal));
  });
});

describe('decidePaymentFollowUp', () => {
  const retryUntil = new Date(now.getTime() + 10 * 60_000);
  const outcome = (status: AttemptStatus, attemptId = 'a-1', failure: AttemptOutcome['failure'] = null): AttemptOutcome => ({
    attemptId,
    proxy: 'STRIPE',
    method: 'CREDIT_CARD',
    status,
    amount: 4500,
    currency: 'CHF',
    failure,
  });
  const confirmed = (attemptId = 'a-1') => ({
    kind: 'complete',
    events: [
      {
        type: 'ReservationConfirmed',
        data: { reservationId, eventShortName: 'gala', paymentProxy: 'STRIPE', paymentMethod: 'CREDIT_CARD', status: 'COMPLETE', paymentDeadline: null, privacyPolicyAccepted: true, paymentAttemptId: attemptId },
      },
    ],
    settlement: { kind: 'sell' },
    tickets: 'ACQUIRED',
  });
  const endedEvent = (status: 'FAILED' | 'ABANDONED' | 'MISMATCHED', validUntil: string, failure: AttemptOutcome['failure'] = null) => ({
    type: 'PaymentAttemptEnded',
    data: { reservationId, eventShortName: 'gala', attemptId: 'a-1', outcome: status, code: failure?.code ?? null, message: failure?.message ?? null, validUntil },
  });
  const declined = { code: 'card_declined', message: 'Your card was declined.' };

  it('does nothing for an unknown order', () => expect(decidePaymentFollowUp(initialReservationState(), outcome('SUCCEEDED'), retryUntil)).toEqual({ kind: 'none' }));

  describe('EXTERNAL_PROCESSING_PAYMENT (attempt a-1 in flight)', () => {
    const state = given(opened(), validated, started('a-1'));
    it('completes on its money: confirmed with the attempt, seats sold, tickets issued', () =>
      expect(decidePaymentFollowUp(state, outcome('SUCCEEDED'), retryUntil)).toEqual(confirmed()));
    it('waits for the provider\'s confirmation while it processes', () =>
      expect(decidePaymentFollowUp(state, outcome('PROCESSING'), retryUntil)).toEqual({
        kind: 'follow',
        events: [{ type: 'PaymentAwaitingConfirmation', data: { reservationId, attemptId: 'a-1' } }],
        settlement: null,
      }));
    it('is pending again after a decline, with the provider\'s words; the hold already lasts longer than ten minutes', () =>
      expect(decidePaymentFollowUp(state, outcome('FAILED', 'a-1', declined), retryUntil)).toEqual({ kind: 'follow', events: [endedEvent('FAILED', at(25), declined)], settlement: null }));
    it.each<'ABANDONED' | 'MISMATCHED'>(['ABANDONED', 'MISMATCHED'])('is pending again when the attempt is %s', (status) =>
      expect(decidePaymentFollowUp(state, outcome(status), retryUntil)).toEqual({ kind: 'follow', events: [endedEvent(status, at(25))], settlement: null }));
    it('gives the buyer ten minutes at least after a decline, extending the hold when it ends sooner', () => {
      const late = given(opened(true, at(1)), validated, started('a-1', 'STRIPE', 'CREDIT_CARD', at(2)));
      expect(decidePaymentFollowUp(late, outcome('FAILED', 'a-1', declined), retryUntil)).toEqual({
        kind: 'follow',
        events: [endedEvent('FAILED', at(10), declined)],
        settlement: { kind: 'extend', expiresAt: at(10) },
      });
    });
    it.each<AttemptStatus>(['REQUESTED', 'INITIATED'])('does nothing while the attempt is %s', (status) =>
      expect(decidePaymentFollowUp(state, outcome(status), retryUntil)).toEqual({ kind: 'none' }));
    it('ignores the end of an attempt that is no longer in flight', () =>
      expect(decidePaymentFollowUp(state, outcome('FAILED', 'a-0', declined), retryUntil)).toEqual({ kind: 'none' }));
    it('completes on the money of an earlier attempt too (the buyer paid in another tab)', () =>
      expect(decidePaymentFollowUp(state, outcome('SUCCEEDED', 'a-0'), retryUntil)).toEqual(confirmed('a-0')));
  });

  describe('WAITING_EXTERNAL_CONFIRMATION', () => {
    const state = given(opened(), validated, started('a-1'), { type: 'PaymentAwaitingConfirmation', data: { reservationId, attemptId: 'a-1' } });
    it('does nothing for processing again', () => expect(decidePaymentFollowUp(state, outcome('PROCESSING'), retryUntil)).toEqual({ kind: 'none' }));
    it('completes on the money', () => expect(decidePaymentFollowUp(state, outcome('SUCCEEDED'), retryUntil)).toEqual(confirmed()));
  });

  describe('PENDING again after a decline', () => {
    const state = given(opened(), validated, started('a-1'), ended('a-1'));
    it('completes on money of that attempt arriving late', () => expect(decidePaymentFollowUp(state, outcome('SUCCEEDED'), retryUntil)).toEqual(confirmed()));
    it('does nothing for its decline again', () => expect(decidePaymentFollowUp(state, outcome('FAILED', 'a-1', declined), retryUntil)).toEqual({ kind: 'none' }));
  });

  describe('PENDING, its price changed since the attempt started (a pass applied or removed)', () => {
    const repriced = (priceWithVat: number): ReservationEvent => ({
      type: 'SubscriptionRemoved',
      data: { reservationId, eventShortName: 'gala', subscriptionId: 's-1', price: { requiresPayment: true, currency: 'CHF', totals: { priceWithVat } } as ReservationOpened['data']['price'] },
    });
    const abandoned = given(opened(), validated, started('a-1'), ended('a-1'));
    it.each([
      ['more', 9000],
      ['less', 2000],
    ])('refunds money of the old price when the order now costs %s, and stays as it is', (_, total) =>
      expect(decidePaymentFollowUp(given(opened(), validated, started('a-1'), ended('a-1'), repriced(total)), outcome('SUCCEEDED'), retryUntil)).toEqual({ kind: 'refund', reason: 'OTHER_TOTAL' }));
    it('refunds money of another currency', () => expect(decidePaymentFollowUp(abandoned, { ...outcome('SUCCEEDED'), currency: 'EUR' }, retryUntil)).toEqual({ kind: 'refund', reason: 'OTHER_TOTAL' }));
    it('completes on money of the price it costs again', () =>
      expect(decidePaymentFollowUp(given(opened(), validated, started('a-1'), ended('a-1'), repriced(2000), repriced(4500)), outcome('SUCCEEDED'), retryUntil)).toEqual(confirmed()));
  });

  describe('COMPLETE (paid by a-1)', () => {
    const state = given(opened(), validated, started('a-1'), confirmed().events[0] as ReservationEvent);
    it('does nothing for the same attempt\'s money again', () => expect(decidePaymentFollowUp(state, outcome('SUCCEEDED'), retryUntil)).toEqual({ kind: 'none' }));
    it('refunds another attempt\'s money', () => expect(decidePaymentFollowUp(state, outcome('SUCCEEDED', 'a-2'), retryUntil)).toEqual({ kind: 'refund', reason: 'DUPLICATE' }));
    it('does nothing for a late decline', () => expect(decidePaymentFollowUp(state, outcome('FAILED', 'a-1', declined), retryUntil)).toEqual({ kind: 'none' }));
  });

  describe('CANCELLED after it was paid by a-1', () => {
    const state = given(opened(), validated, started('a-1'), confirmed().events[0] as ReservationEvent, { type: 'ReservationCancelled', data: { reservationId, eventShortName: 'gala' } });
    it('leaves the money that paid it alone (the cancellation has its own refund)', () =>
      expect(decidePaymentFollowUp(state, outcome('SUCCEEDED'), retryUntil)).toEqual({ kind: 'none' }));
    it('refunds another attempt\'s money', () => expect(decidePaymentFollowUp(state, outcome('SUCCEEDED', 'a-2'), retryUntil)).toEqual({ kind: 'refund', reason: 'ORDER_ENDED' }));
  });

  describe.each<[string, ReservationEvent]>([
    ['EXPIRED', { type: 'ReservationExpired', data: { reservationId, eventShortName: 'gala', validUntil: at(25) } }],
    ['CANCELLED', { type: 'ReservationCancelled', data: { reservationId, eventShortName: 'gala' } }],
  ])('%s', (_, gone) => {
    it('refunds money arriving for it', () => expect(decidePaymentFollowUp(given(opened(), validated, gone), outcome('SUCCEEDED'), retryUntil)).toEqual({ kind: 'refund', reason: 'ORDER_ENDED' }));
  });
});

describe('decideConfirmReservation with a payment in flight', () => {
  const confirm = (paymentProxy: string | null): ConfirmReservation => ({
    reservationId,
    now,
    language: null,
    paymentProxy,
    termsAccepted: true,
    privacyAccepted: true,
    privacyPolicyRequired: true,
    availableProxies: ['STRIPE', 'MOLLIE', 'PAYPAL', 'OFFLINE'],
    offlineDeadline: at(5 * 24 * 60),
    deferredTransfer: false,
    captchaPassed: null,
    invoicing: null,
  });
  const inFlight = given(opened(), validated, started('a-1', 'PAYPAL', 'PAYPAL'));

  it('asks the in-flight attempt first, then pays with the provider chosen now', () => {
    expect(decideConfirmReservation(inFlight, confirm('MOLLIE'))).toEqual({ events: [], settlement: null, tickets: null, payOnline: 'MOLLIE' });
    expect(decideConfirmReservation(inFlight, confirm('PAYPAL')).payOnline).toBe('PAYPAL');
  });
  it('confirms nothing while an attempt is in flight and a way to pay without a provider is chosen: the attempt is to be let go first', () =>
    expect(decideConfirmReservation(inFlight, confirm('OFFLINE'))).toEqual({ events: [], settlement: null, tickets: null, releaseInFlight: true }));
  it('refuses a bank transfer with no time left for one before letting go of the attempt', () =>
    expect(refusalOf(() => decideConfirmReservation(inFlight, { ...confirm('OFFLINE'), offlineDeadline: null }))).toBe(`paymentForm:${confirmErrors.missingPaymentMethod}`));
  it('still checks the terms first', () =>
    expect(refusalOf(() => decideConfirmReservation(inFlight, { ...confirm('MOLLIE'), termsAccepted: false }))).toBe(`paymentForm:${confirmErrors.terms}`));
});
