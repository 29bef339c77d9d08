import { describe, expect, it } from 'vitest';
import { fromStripeAmount, StripeAmountRefused, toStripeAmount } from './stripe-amount.js';

describe('toStripeAmount: our minor units in Stripe unit (docs.stripe.com/currencies)', () => {
  it.each([
    [2500, 'EUR', 2500, 'two-decimal, as ours'],
    [2500, 'JPY', 2500, 'zero-decimal, as ours'],
    [5000, 'ISK', 500_000, 'ISK: two decimals, always 00'],
    [5000, 'UGX', 500_000, 'UGX: two decimals, always 00, although Stripe lists it as zero-decimal too'],
    [1500, 'HUF', 150_000, 'HUF: zero-decimal for payouts only, charged with two decimals'],
    [80_045, 'TWD', 80_045, 'TWD: zero-decimal for payouts only, charged with two decimals'],
    [150_000, 'IDR', 15_000_000, 'IDR: two decimals at Stripe, none in ours'],
    [5120, 'KWD', 5120, 'three-decimal ending in 0'],
    [0, 'BHD', 0, 'nothing'],
  ])('%i %s -> %i (%s)', (amount, currency, stripe) => {
    expect(toStripeAmount({ amount, currency })).toBe(stripe);
  });

  it.each([
    [5125, 'KWD'],
    [1, 'BHD'],
    [9999, 'OMR'],
    [12.5, 'EUR'],
    [-100, 'EUR'],
    [Number.MAX_SAFE_INTEGER, 'ISK'],
  ])('refuses %s %s, before anything is sent', (amount, currency) => {
    expect(() => toStripeAmount({ amount, currency })).toThrow(StripeAmountRefused);
  });

  it('says which step Stripe takes', () => {
    expect(() => toStripeAmount({ amount: 5125, currency: 'KWD' })).toThrow('Stripe cannot charge 5.125 KWD: Stripe takes KWD only in steps of 0.01 KWD');
  });
});

describe('fromStripeAmount: what Stripe reports, in our minor units', () => {
  it.each([
    [500_000, 'isk', 5000],
    [500_000, 'ugx', 5000],
    [150_000, 'huf', 1500],
    [80_045, 'twd', 80_045],
    [2500, 'jpy', 2500],
    [5120, 'kwd', 5120],
    [2500, 'eur', 2500],
  ])('%i %s -> %i', (stripe, currency, amount) => {
    expect(fromStripeAmount(stripe, currency)).toBe(amount);
  });

  it('keeps a fraction of our unit as it is, so that it never equals an amount asked for', () => {
    expect(fromStripeAmount(150_045, 'huf')).toBe(1500.45);
  });
});
