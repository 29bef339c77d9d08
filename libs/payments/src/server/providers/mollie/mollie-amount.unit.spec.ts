import { describe, expect, it } from 'vitest';
import { minorUnitsOf, toMollieAmount } from './mollie-amount.js';

describe('toMollieAmount', () => {
  it.each([
    [0, 'EUR', '0.00'],
    [1, 'EUR', '0.01'],
    [100_500, 'EUR', '1005.00'],
    [1234, 'BHD', '1.234'],
    [0, 'JPY', '0'],
    [1250, 'JPY', '1250'],
  ])('writes %i %s as "%s"', (amount, currency, value) => {
    expect(toMollieAmount({ amount, currency })).toEqual({ currency, value });
  });

  it.each([
    [-1, 'EUR'],
    [12.5, 'EUR'],
    [Number.MAX_SAFE_INTEGER + 1, 'EUR'],
    [100, 'eur'],
  ])('refuses %s %s', (amount, currency) => {
    expect(() => toMollieAmount({ amount, currency })).toThrow(RangeError);
  });
});

describe('minorUnitsOf', () => {
  it.each([
    ['0.29', 'EUR', 29],
    ['1.13', 'EUR', 113],
    ['12.5', 'EUR', 1250],
    ['12.500', 'EUR', 1250],
    ['1250', 'JPY', 1250],
    ['1.234', 'BHD', 1234],
  ])('reads "%s" %s as %i', (value, currency, minor) => {
    expect(minorUnitsOf({ currency, value })).toBe(minor);
  });

  it.each([
    ['12.505', 'EUR'],
    ['1.5', 'JPY'],
    ['-1.00', 'EUR'],
    ['1e3', 'EUR'],
    ['', 'EUR'],
    ['12.50', 'EURO'],
  ])('refuses "%s" %s', (value, currency) => {
    expect(() => minorUnitsOf({ currency, value })).toThrow(RangeError);
  });
});
