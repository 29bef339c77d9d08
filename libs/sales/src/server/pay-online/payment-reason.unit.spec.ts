import { describe, expect, it } from 'vitest';
import { DomainError, RuleViolations } from '@ticketing/kernel';
import { failureReason, localizedPaymentReason, PAYMENT_PROCESSING_ERROR } from './payment-reason.js';

const refusal = (reason: string) => new RuleViolations([{ code: PAYMENT_PROCESSING_ERROR, field: 'paymentForm', args: [reason] }]);

describe("a failed payment's reason", () => {
  it('is the key of a provider code the bundles know, else the provider words, else the unexpected-error key', () => {
    expect(failureReason({ code: 'card_declined', message: 'Your card was declined.' })).toBe('error.STEP2_STRIPE_card_declined');
    expect(failureReason({ code: 'lost_card', message: 'Your card has been reported lost.' })).toBe('Your card has been reported lost.');
    expect(failureReason({ code: null, message: null })).toBe('error.STEP2_STRIPE_unexpected');
    expect(failureReason(null)).toBe('error.STEP2_STRIPE_unexpected');
  });

  it('is worded in the language asked, a key only; provider words and other errors pass as they are', () => {
    const worded = localizedPaymentReason(refusal('error.STEP2_UNABLE_TO_TRANSITION'), 'de') as RuleViolations;
    expect(worded.violations[0]!.args[0]).toMatch(/^[A-ZÄÖÜ]/);
    expect(worded.violations[0]!.args[0]).not.toContain('error.');
    expect(((localizedPaymentReason(refusal('Your card was declined.'), 'it') as RuleViolations).violations[0]!.args[0])).toBe('Your card was declined.');
    const other = new DomainError('error.STEP_2_ORDER_HAS_EXPIRED');
    expect(localizedPaymentReason(other, 'fr')).toBe(other);
  });
});
