import { describe, expect, it } from 'vitest';
import { decimalText } from '@ticketing/kernel';
import { percentPlain, percentText } from './view-helpers.js';

describe('percentages on the wire', () => {
  it('prints a rate with two decimals, or as short as it goes', () => {
    expect(percentText(7.7)).toBe('7.70');
    expect(percentText(22)).toBe('22.00');
    expect(percentText(0)).toBe('0.00');
    expect(percentPlain(5)).toBe('5');
    expect(percentPlain(2.5)).toBe('2.5');
    expect(percentPlain(7.7)).toBe('7.7');
    expect(percentPlain(100)).toBe('100');
    expect(percentPlain(0)).toBe('0');
  });

  it('prints every rate the catalog accepts (0 to 100, two decimals) as the float formula did', () => {
    const differing: number[] = [];
    for (let hundredths = 0; hundredths <= 10_000; hundredths++) {
      const rate = Number(decimalText(hundredths, 2));
      const before = [decimalText(Math.round(rate * 100), 2), String(Math.round(rate * 100) / 100)];
      if (percentText(rate) !== before[0] || percentPlain(rate) !== before[1]) differing.push(rate);
    }
    expect(differing).toEqual([]);
  });

  it('rounds a rate with more decimals half up from the decimal it is, where the float formula rounds down', () => {
    // 1.005 * 100 = 100.49999999999999 and 9.995 * 100 = 999.4999999999999 in floats
    expect(decimalText(Math.round(1.005 * 100), 2)).toBe('1.00');
    expect(percentText(1.005)).toBe('1.01');
    expect(String(Math.round(9.995 * 100) / 100)).toBe('9.99');
    expect(percentPlain(9.995)).toBe('10');
  });
});
