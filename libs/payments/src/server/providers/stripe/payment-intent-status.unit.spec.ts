import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { failureCode, statusOfPaymentIntent } from './payment-intent-status.js';

const intent = (fields: Partial<Stripe.PaymentIntent>) =>
  ({ id: 'pi_1', amount: 2500, amount_received: 0, currency: 'eur', last_payment_error: null, ...fields }) as Stripe.PaymentIntent;

describe('a PaymentIntent read as a provider status', () => {
  it('waits while it has no card, needs confirming or a 3-D Secure challenge', () => {
    expect(statusOfPaymentIntent(intent({ status: 'requires_payment_method' }))).toEqual({ kind: 'pending' });
    expect(statusOfPaymentIntent(intent({ status: 'requires_confirmation' }))).toEqual({ kind: 'pending' });
    expect(statusOfPaymentIntent(intent({ status: 'requires_action' }))).toEqual({ kind: 'pending' });
  });

  it('has failed when it waits for another card after a decline, with the reason', () => {
    const declined = intent({
      status: 'requires_payment_method',
      last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
    });
    expect(statusOfPaymentIntent(declined)).toEqual({ kind: 'failed', code: 'insufficient_funds', message: 'Your card has insufficient funds.' });
  });

  it('is processing, cancelled, or paid with the amount taken in upper-case currency', () => {
    expect(statusOfPaymentIntent(intent({ status: 'processing' }))).toEqual({ kind: 'processing' });
    expect(statusOfPaymentIntent(intent({ status: 'canceled' }))).toEqual({ kind: 'cancelled' });
    expect(statusOfPaymentIntent(intent({ status: 'succeeded', amount_received: 2400 }))).toEqual({ kind: 'succeeded', amount: 2400, currency: 'EUR' });
    expect(statusOfPaymentIntent(intent({ status: 'requires_capture' }))).toEqual({ kind: 'succeeded', amount: 2500, currency: 'EUR' });
  });

  it('names a failure by the issuer reason unless it is the generic one', () => {
    expect(failureCode({ code: 'card_declined', decline_code: 'generic_decline' })).toBe('card_declined');
    expect(failureCode({ code: 'card_declined', decline_code: 'insufficient_funds' })).toBe('insufficient_funds');
    expect(failureCode({ code: 'payment_intent_authentication_failure' })).toBe('payment_intent_authentication_failure');
  });
});
