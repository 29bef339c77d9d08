import { describe, expect, it } from 'vitest';
import { currencyDescriptor, decimalText, formatCents, formatUnit, fractionDigits, isCurrencyCode } from './money.js';

describe('money', () => {
  it('knows each currency scale', () => {
    expect(fractionDigits('CHF')).toBe(2);
    expect(fractionDigits('jpy')).toBe(0);
    expect(fractionDigits('BHD')).toBe(3);
  });

  it('formats list prices with the currency scale, zero included', () => {
    expect(formatUnit(1000, 'CHF')).toBe('10.00');
    expect(formatUnit(5, 'EUR')).toBe('0.05');
    expect(formatUnit(0, 'EUR')).toBe('0.00');
    expect(formatUnit(1500, 'JPY')).toBe('1500');
    expect(formatUnit(12345, 'BHD')).toBe('12.345');
    expect(formatUnit(-550, 'CHF')).toBe('-5.50');
  });

  it('formats totals with zero as "0", as alf.io formatCents does', () => {
    expect(formatCents(0, 'CHF')).toBe('0');
    expect(formatCents(1010, 'CHF')).toBe('10.10');
  });

  it('never goes through floating point', () => {
    expect(decimalText(9007199254740991, 2)).toBe('90071992547409.91');
    expect(() => decimalText(1.5, 2)).toThrow(RangeError);
  });

  it('describes a currency in English', () => {
    expect(currencyDescriptor('CHF')).toEqual({ code: 'CHF', name: 'Swiss Franc', symbol: 'CHF', fractionDigits: 2 });
    expect(currencyDescriptor('EUR')).toMatchObject({ name: 'Euro', symbol: '€' });
    expect(isCurrencyCode('EUR')).toBe(true);
    expect(isCurrencyCode('eur')).toBe(false);
  });
});
