import { describe, expect, it } from 'vitest';
import { NotFoundError, type Decider } from '@ticketing/kernel';
import { deciderSpec } from '@ticketing/testing';
import {
  decideAbandon,
  decideDuplicateOutcome,
  decideInitiated,
  decideKeep,
  decideProviderReport,
  decideRequestPayment,
  refundable,
  type ProviderReport,
} from './decide-payment-attempt.js';
import type { AbandonReason, PaymentAttemptEvent, PaymentRequested } from './payment-attempt.events.js';
import type { RefundReason } from '@ticketing/payments/contracts';
import { evolvePaymentAttempt, initialPaymentAttemptState, isSettled, type PaymentAttemptState } from './payment-attempt.js';

/** The commands of a `payment-{attemptId}` stream, one per decide function, for given / when / then. */
type AttemptCommand =
  | { readonly type: 'RequestPayment'; readonly request: PaymentRequested['data'] }
  | { readonly type: 'RecordInitiated'; readonly providerReference: string; readonly redirectUrl: string | null }
  | { readonly type: 'RecordReport'; readonly report: ProviderReport; readonly notificationId: string | null }
  | { readonly type: 'Abandon'; readonly reason: AbandonReason; readonly cancelledAtProvider: boolean }
  | { readonly type: 'RecordDuplicateOutcome'; readonly outcome: { readonly refundReference: string } | { readonly refusal: string }; readonly reason?: RefundReason }
  | { readonly type: 'Keep' };

const attemptId = 'a-1';

const paymentAttemptDecider: Decider<PaymentAttemptState, AttemptCommand, PaymentAttemptEvent> = {
  initialState: initialPaymentAttemptState,
  evolve: evolvePaymentAttempt,
  decide(command, state) {
    switch (command.type) {
      case 'RequestPayment':
        return decideRequestPayment(state, command.request);
      case 'RecordInitiated':
        return decideInitiated(state, attemptId, command.providerReference, command.redirectUrl);
      case 'RecordReport':
        return decideProviderReport(state, attemptId, command.report, command.notificationId);
      case 'Abandon':
        return decideAbandon(state, attemptId, command.reason, command.cancelledAtProvider);
      case 'RecordDuplicateOutcome':
        return decideDuplicateOutcome(state, attemptId, command.outcome, command.reason ?? 'DUPLICATE');
      case 'Keep':
        return decideKeep(state, attemptId);
    }
  },
};
const spec = deciderSpec(paymentAttemptDecider);

// ---------------------------------------------------------------- fixtures: the events of a stream, and commands

const request: PaymentRequested['data'] = {
  attemptId,
  reservationId: 'r-1',
  purchaseContextType: 'event',
  purchaseContextId: 'gala',
  organizer: 'acme',
  proxy: 'STRIPE',
  method: 'CREDIT_CARD',
  amount: 4500,
  currency: 'CHF',
  idempotencyKey: `attempt-${attemptId}`,
};
const requested: PaymentAttemptEvent = { type: 'PaymentRequested', data: request };
const initiated: PaymentAttemptEvent = { type: 'PaymentInitiated', data: { attemptId, providerReference: 'pi_1', redirectUrl: null } };
const processing: PaymentAttemptEvent = { type: 'PaymentProcessing', data: { attemptId, notificationId: 'evt_processing' } };
const succeeded: PaymentAttemptEvent = { type: 'PaymentSucceeded', data: { attemptId, providerReference: 'pi_1', amount: 4500, currency: 'CHF', notificationId: 'evt_succeeded' } };
const failed: PaymentAttemptEvent = { type: 'PaymentFailed', data: { attemptId, code: 'card_declined', message: 'Your card was declined.', notificationId: 'evt_failed' } };
const abandoned: PaymentAttemptEvent = { type: 'PaymentAbandoned', data: { attemptId, reason: 'BUYER', cancelledAtProvider: true } };
const mismatched: PaymentAttemptEvent = {
  type: 'PaymentAmountMismatched',
  data: { attemptId, expectedAmount: 4500, expectedCurrency: 'CHF', reportedAmount: 4400, reportedCurrency: 'CHF' },
};
const refunded: PaymentAttemptEvent = { type: 'PaymentRefunded', data: { attemptId, amount: 4500, currency: 'CHF', refundReference: 're_1', reason: 'DUPLICATE' } };
const flagged: PaymentAttemptEvent = { type: 'PaymentFlagged', data: { attemptId, reason: 'DUPLICATE_NOT_REFUNDED', detail: 'refused' } };
const kept: PaymentAttemptEvent = { type: 'PaymentKept', data: { attemptId, reservationId: 'r-1' } };

const report = (r: ProviderReport, notificationId: string | null = null): AttemptCommand => ({ type: 'RecordReport', report: r, notificationId });
const paid = (amount = 4500, currency = 'CHF', notificationId: string | null = null) => report({ kind: 'succeeded', amount, currency }, notificationId);
const declined = (notificationId: string | null = null) => report({ kind: 'failed', code: 'card_declined', message: 'Your card was declined.' }, notificationId);
const cancelled = report({ kind: 'cancelled' });
const pending = report({ kind: 'pending' });
const processingReport = (notificationId: string | null = null) => report({ kind: 'processing' }, notificationId);
const abandon = (reason: AbandonReason = 'BUYER', cancelledAtProvider = true): AttemptCommand => ({ type: 'Abandon', reason, cancelledAtProvider });
const refundMade: AttemptCommand = { type: 'RecordDuplicateOutcome', outcome: { refundReference: 're_1' } };
const refundRefused: AttemptCommand = { type: 'RecordDuplicateOutcome', outcome: { refusal: 'charge_already_refunded' } };
const keep: AttemptCommand = { type: 'Keep' };

const succeededWith = (providerReference: string, notificationId: string | null): PaymentAttemptEvent => ({
  type: 'PaymentSucceeded',
  data: { attemptId, providerReference, amount: 4500, currency: 'CHF', notificationId },
});
const failedWith = (notificationId: string | null): PaymentAttemptEvent => ({
  type: 'PaymentFailed',
  data: { attemptId, code: 'card_declined', message: 'Your card was declined.', notificationId },
});
const mismatchOf = (reportedAmount: number, reportedCurrency = 'CHF'): PaymentAttemptEvent => ({
  type: 'PaymentAmountMismatched',
  data: { attemptId, expectedAmount: 4500, expectedCurrency: 'CHF', reportedAmount, reportedCurrency },
});
const abandonedFor = (reason: AbandonReason, cancelledAtProvider: boolean): PaymentAttemptEvent => ({ type: 'PaymentAbandoned', data: { attemptId, reason, cancelledAtProvider } });

describe('a payment attempt (payment-{attemptId})', () => {
  describe('on an empty stream', () => {
    it('records the request', () => spec.given([]).when({ type: 'RequestPayment', request }).then([requested]));

    it.each<[string, AttemptCommand]>([
      ['the provider\'s answer', { type: 'RecordInitiated', providerReference: 'pi_1', redirectUrl: null }],
      ['a report', paid()],
      ['an abandon', abandon()],
      ['a refund', refundMade],
    ])('knows no attempt for %s', (_, command) => {
      expect(() => spec.given([]).when(command).events()).toThrow(NotFoundError);
    });
  });

  describe('REQUESTED (the provider not answered yet)', () => {
    const given = [requested];
    it('never records a second request on the same stream (an attempt id is used once)', () => spec.given(given).when({ type: 'RequestPayment', request }).then([]));
    it('records the provider\'s reference and page', () =>
      spec.given(given).when({ type: 'RecordInitiated', providerReference: 'tr_1', redirectUrl: 'https://pay/tr_1' }).then([
        { type: 'PaymentInitiated', data: { attemptId, providerReference: 'tr_1', redirectUrl: 'https://pay/tr_1' } },
      ]));
    it('records a refusal at once (a declined card token)', () => spec.given(given).when(declined()).then([failedWith(null)]));
    it('records processing', () => spec.given(given).when(processingReport()).then([{ type: 'PaymentProcessing', data: { attemptId, notificationId: null } }]));
    it('abandons without asking the provider', () => spec.given(given).when(abandon('NEW_ATTEMPT', false)).then([abandonedFor('NEW_ATTEMPT', false)]));
  });

  describe('INITIATED (the buyer pays at the provider)', () => {
    const given = [requested, initiated];
    it('changes nothing for the same answer again (same idempotency key)', () =>
      spec.given(given).when({ type: 'RecordInitiated', providerReference: 'pi_1', redirectUrl: null }).then([]));
    it('changes nothing while the provider says pending', () => spec.given(given).when(pending).then([]));
    it('records processing, with the notification', () =>
      spec.given(given).when(processingReport('evt_processing')).then([processing]));
    it('records money of the amount and currency asked as paid, with the provider\'s reference', () =>
      spec.given(given).when(paid(4500, 'CHF', 'evt_succeeded')).then([succeeded]));
    it('reads the currency in any case (Stripe\'s are lower case)', () => spec.given(given).when(paid(4500, 'chf')).then([succeededWith('pi_1', null)]));
    it('never takes another amount for paid: it is flagged as mismatched', () => spec.given(given).when(paid(4400)).then([mismatchOf(4400)]));
    it('never takes another currency for paid', () => spec.given(given).when(paid(4500, 'eur')).then([mismatchOf(4500, 'EUR')]));
    it('records a decline with the provider\'s code and words', () => spec.given(given).when(declined('evt_failed')).then([failed]));
    it('records a cancel at the provider as abandoned there', () => spec.given(given).when(cancelled).then([abandonedFor('PROVIDER_CANCELLED', true)]));
    it.each<AbandonReason>(['BUYER', 'NEW_ATTEMPT', 'EXPIRED'])('abandons for %s', (reason) =>
      spec.given(given).when(abandon(reason, true)).then([abandonedFor(reason, true)]));
    it('refunds nothing: nothing was paid', () => spec.given(given).when(refundMade).then([]));
  });

  describe('PROCESSING (the provider confirms)', () => {
    const given = [requested, initiated, processing];
    it('changes nothing for the same notification again', () => spec.given(given).when(processingReport('evt_processing')).then([]));
    it('changes nothing for processing reported again by another notification', () => spec.given(given).when(processingReport('evt_other')).then([]));
    it('records the money', () => spec.given(given).when(paid(4500, 'CHF', 'evt_succeeded')).then([succeeded]));
    it('records the failure', () => spec.given(given).when(declined('evt_failed')).then([failed]));
    it('may still be abandoned', () => spec.given(given).when(abandon('EXPIRED', false)).then([abandonedFor('EXPIRED', false)]));
  });

  describe('SUCCEEDED (money taken)', () => {
    const given = [requested, initiated, succeeded];
    it.each<[string, AttemptCommand]>([
      ['the same notification again', paid(4500, 'CHF', 'evt_succeeded')],
      ['our own check finding it paid', paid()],
      ['a late processing', processingReport('evt_processing')],
      ['a late decline (out of order)', declined('evt_failed')],
      ['a late cancel', cancelled],
      ['another amount afterwards', paid(1)],
      ['an abandon (paid already)', abandon('EXPIRED')],
    ])('changes nothing for %s', (_, command) => spec.given(given).when(command).then([]));

    it('records a refund of a payment not needed, once', () => {
      spec.given(given).when(refundMade).then([refunded]);
      spec.given([...given, refunded]).when(refundMade).then([]);
      spec.given([...given, refunded]).when(refundRefused).then([]);
    });
    it('flags each refund the provider refused (the sweep waits longer after each), and still records a refund made later', () => {
      const refusedAgain = { type: 'PaymentFlagged', data: { attemptId, reason: 'REFUND_REFUSED', refundReason: 'DUPLICATE', detail: 'charge_already_refunded' } } as const;
      spec.given(given).when(refundRefused).then([refusedAgain]);
      spec.given([...given, flagged]).when(refundRefused).then([refusedAgain]);
      spec.given([...given, flagged]).when(refundMade).then([refunded]);
    });
    it('records why the money went back, or why it was to go back when refused', () => {
      spec.given(given).when({ ...refundMade, reason: 'ORDER_ENDED' }).then([{ ...refunded, data: { ...refunded.data, reason: 'ORDER_ENDED' } } as PaymentAttemptEvent]);
      spec
        .given(given)
        .when({ ...refundRefused, reason: 'OTHER_TOTAL' })
        .then([{ type: 'PaymentFlagged', data: { attemptId, reason: 'REFUND_REFUSED', refundReason: 'OTHER_TOTAL', detail: 'charge_already_refunded' } }]);
    });
    it('is kept once by the order it paid, and never after a refund', () => {
      spec.given(given).when(keep).then([kept]);
      spec.given([...given, kept]).when(keep).then([]);
      spec.given([...given, refunded]).when(keep).then([]);
    });
    it('tells money still to settle from money kept or refunded', () => {
      const stateOf = (events: PaymentAttemptEvent[]) => events.reduce(evolvePaymentAttempt, initialPaymentAttemptState());
      expect([given, [...given, flagged], [...given, kept], [...given, refunded]].map((events) => refundable(stateOf(events)))).toEqual([true, true, false, false]);
      expect(refundable(stateOf([requested, initiated, abandoned]))).toBe(false);
    });
    it('is settled', () => expect(isSettled([...given].reduce(evolvePaymentAttempt, initialPaymentAttemptState()))).toBe(true));
  });

  describe('FAILED (declined)', () => {
    const given = [requested, initiated, failed];
    it('records money taken afterwards (the card retried on the same payment, a webhook out of order)', () =>
      spec.given(given).when(paid(4500, 'CHF', 'evt_succeeded')).then([succeeded]));
    it('still flags money of another amount', () => spec.given(given).when(paid(4400)).then([mismatchOf(4400)]));
    it('changes nothing for a notification already taken into account, whatever it says', () =>
      spec.given(given).when(paid(4500, 'CHF', 'evt_failed')).then([]));
    it.each<[string, AttemptCommand]>([
      ['the same decline again', declined('evt_failed')],
      ['another decline', declined('evt_other')],
      ['a late processing', processingReport('evt_late')],
      ['a cancel', cancelled],
      ['an abandon', abandon()],
      ['a refund', refundMade],
      ['a keep', keep],
    ])('changes nothing for %s', (_, command) => spec.given(given).when(command).then([]));
    it('keeps the failure for the buyer, and forgets it once money came after all', () => {
      const state = given.reduce(evolvePaymentAttempt, initialPaymentAttemptState());
      expect(state).toMatchObject({ status: 'FAILED', failure: { code: 'card_declined', message: 'Your card was declined.' } });
      expect([...given, succeeded].reduce(evolvePaymentAttempt, initialPaymentAttemptState())).toMatchObject({ status: 'SUCCEEDED', failure: null });
    });
  });

  describe('ABANDONED (we stopped waiting)', () => {
    const given = [requested, initiated, abandoned];
    it('records money taken afterwards: it is at the provider either way', () => spec.given(given).when(paid()).then([succeededWith('pi_1', null)]));
    it('flags money of another amount', () => spec.given(given).when(paid(100)).then([mismatchOf(100)]));
    it.each<[string, AttemptCommand]>([
      ['a decline', declined()],
      ['a cancel', cancelled],
      ['processing', processingReport()],
      ['a second abandon', abandon('EXPIRED')],
    ])('changes nothing for %s', (_, command) => spec.given(given).when(command).then([]));
  });

  describe('MISMATCHED (money of another amount, flagged)', () => {
    const given = [requested, initiated, mismatched];
    it.each<[string, AttemptCommand]>([
      ['the right amount afterwards', paid()],
      ['the wrong amount again', paid(4400)],
      ['a decline', declined()],
      ['an abandon', abandon()],
      ['a refund', refundMade],
    ])('changes nothing for %s: it never counts as paid', (_, command) => spec.given(given).when(command).then([]));
    it('is settled and flagged', () => expect(given.reduce(evolvePaymentAttempt, initialPaymentAttemptState())).toMatchObject({ status: 'MISMATCHED', flagged: true }));
  });
});
