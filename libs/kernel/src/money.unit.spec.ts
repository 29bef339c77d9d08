import { describe, expect, it } from 'vitest';
import {
  AMOUNT_TEXT,
  allocate,
  currencyDescriptor,
  decimalText,
  divideHalfUp,
  formatCents,
  formatPercent,
  formatUnit,
  fractionDigits,
  isCurrencyCode,
  minorUnits,
  parseAmount,
  percentOf,
  sumMinor,
  vatAddedTo,
  vatIncludedIn,
} from './money.js';

describe('divideHalfUp', () => {
  it('rounds ties away from zero, as Java HALF_UP, on both signs', () => {
    expect(divideHalfUp(5n, 2n)).toBe(3n); // 2.5 -> 3
    expect(divideHalfUp(-5n, 2n)).toBe(-3n); // -2.5 -> -3
    expect(divideHalfUp(5n, -2n)).toBe(-3n);
    expect(divideHalfUp(7n, 3n)).toBe(2n); // 2.33 -> 2
    expect(divideHalfUp(-7n, 3n)).toBe(-2n);
    expect(divideHalfUp(8n, 3n)).toBe(3n); // 2.67 -> 3
    expect(divideHalfUp(0n, 7n)).toBe(0n);
  });

  it('refuses a zero denominator', () => {
    expect(() => divideHalfUp(1n, 0n)).toThrow(RangeError);
  });
});

describe('percentOf', () => {
  it('rounds half up to the minor unit', () => {
    expect(percentOf(1000, 10)).toBe(100);
    expect(percentOf(995, 10)).toBe(100); // 99.5 -> 100
    expect(percentOf(994, 10)).toBe(99); // 99.4 -> 99
    expect(percentOf(-995, 10)).toBe(-100); // -99.5 -> -100, away from zero
  });

  it('is exact with decimal percentages where floating point is not', () => {
    // 1500 * 2.3 % = 34.5 exactly -> 35; in floats 1500 * 2.3 / 100 = 34.49999999999999 -> 34.
    expect(Math.round((1500 * 2.3) / 100)).toBe(34);
    expect(percentOf(1500, 2.3)).toBe(35);
    expect(percentOf(2750, 1.4)).toBe(39); // 38.5; floats say 38.49999999999999
    // 50 * 8.1 % = 4.05 -> 4; 10 * 0.05 % = 0.005 -> 0; 1000 * 0.05 % = 0.5 -> 1.
    expect(percentOf(50, 8.1)).toBe(4);
    expect(percentOf(10, 0.05)).toBe(0);
    expect(percentOf(1000, 0.05)).toBe(1);
  });

  it('reads percentages printed in exponent form', () => {
    expect(String(5e-7)).toBe('5e-7');
    expect(percentOf(2 * 10 ** 9, 5e-7)).toBe(10); // 2 * 10^9 * 5 * 10^-9 = 10
    expect(percentOf(1, 1e3)).toBe(10);
    expect(() => percentOf(1, 1e21)).toThrow(RangeError); // 10^19 minor units: beyond a safe integer
  });

  it('refuses amounts that are not whole minor units and percentages that are not percentages', () => {
    expect(() => percentOf(10.5, 10)).toThrow(RangeError);
    expect(() => percentOf(Number.MAX_SAFE_INTEGER + 1, 10)).toThrow(RangeError);
    expect(() => percentOf(100, -1)).toThrow(RangeError);
    expect(() => percentOf(100, Number.NaN)).toThrow(RangeError);
    expect(() => percentOf(100, Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('reads each rate as itself however often and however many rates come (they are parsed once and kept)', () => {
    for (let pass = 0; pass < 2; pass++) {
      // 10000 * (p / 100) % = p: 1,200 rates, more than are kept, close ones side by side (7.7 and 7.71)
      for (let p = 0; p < 1_200; p++) expect(percentOf(10_000, p / 100)).toBe(p);
      expect(() => percentOf(100, Number.NaN)).toThrow(RangeError);
      expect(() => percentOf(100, -1)).toThrow(RangeError);
    }
  });
});

describe('vatIncludedIn', () => {
  it('extracts the VAT of a gross amount, rounded once', () => {
    expect(vatIncludedIn(1000, 1)).toBe(10); // 1000 * 1 / 101 = 9.90 -> 10
    expect(vatIncludedIn(900, 1)).toBe(9); // 8.91 -> 9
    expect(vatIncludedIn(100, 1)).toBe(1); // 0.99 -> 1
    expect(vatIncludedIn(4500, 7.7)).toBe(322); // 4500 * 7.7 / 107.7 = 321.73 -> 322
    expect(vatIncludedIn(1000, 10)).toBe(91); // JPY 1000 * 10 / 110 = 90.91 -> 91
    expect(vatIncludedIn(1000, 0)).toBe(0);
  });

  it('rounds an exact tie away from zero', () => {
    expect(vatIncludedIn(13, 4)).toBe(1); // 13 * 4 / 104 = 0.5 -> 1
    expect(vatIncludedIn(-13, 4)).toBe(-1); // a refund: -0.5 -> -1
    expect(vatIncludedIn(3, 100)).toBe(2); // 3 * 100 / 200 = 1.5 -> 2
    expect(vatIncludedIn(1070, 7)).toBe(70); // exact: no rounding
  });
});

describe('vatAddedTo', () => {
  it('adds VAT on a net amount, rounded half up', () => {
    expect(vatAddedTo(1000, 1)).toBe(10);
    expect(vatAddedTo(100, 1)).toBe(1);
    expect(vatAddedTo(1234, 22)).toBe(271); // 271.48 -> 271
    expect(vatAddedTo(2468, 22)).toBe(543); // 542.96 -> 543
    expect(vatAddedTo(250, 22)).toBe(55);
    expect(vatAddedTo(1250, 7.7)).toBe(96); // 96.25 -> 96
    expect(vatAddedTo(50, 7)).toBe(4); // 3.5 -> 4: a tie goes up
  });
});

describe('allocate', () => {
  it('splits in proportion and always sums to the amount', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(1500, [2000, 1000])).toEqual([1000, 500]);
    expect(allocate(1000, [1, 2])).toEqual([333, 667]); // 333.33 / 666.67: the larger remainder takes the unit
    expect(allocate(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(allocate(7, [0, 3, 0])).toEqual([0, 7, 0]);
  });

  it('gives nothing when there is nothing to give and refuses to give something to nobody', () => {
    expect(allocate(0, [0, 0])).toEqual([0, 0]);
    expect(() => allocate(1, [0, 0])).toThrow(RangeError);
    expect(() => allocate(1, [-1, 2])).toThrow(RangeError);
    expect(allocate(0, [2000, 1000])).toEqual([0, 0]);
    expect(() => allocate(0, [-1, 2])).toThrow(RangeError);
    expect(() => allocate(0, [0.5])).toThrow(RangeError);
  });
});

describe('sumMinor and minorUnits', () => {
  it('sums whole minor units and refuses fractions', () => {
    expect(sumMinor([1000, 10, -5])).toBe(1005);
    expect(sumMinor([])).toBe(0);
    expect(() => sumMinor([1, 0.5])).toThrow(RangeError);
    expect(minorUnits(42)).toBe(42);
    expect(() => minorUnits(0.1 + 0.2)).toThrow(RangeError);
  });
});

describe('parseAmount', () => {
  const minor = (text: string, digits: number) => parseAmount(text, digits);
  const ok = (value: number) => ({ ok: true, minor: value });
  const refused = (refusal: 'format' | 'range') => ({ ok: false, refusal });

  it('reads decimal text into minor units of the currency', () => {
    expect(minor('12', 2)).toEqual(ok(1200));
    expect(minor('12.5', 2)).toEqual(ok(1250));
    expect(minor('19.99', 2)).toEqual(ok(1999));
    expect(minor('0.05', 2)).toEqual(ok(5));
    expect(minor('0', 2)).toEqual(ok(0));
    expect(minor('007.50', 2)).toEqual(ok(750));
    expect(minor('1000', fractionDigits('JPY'))).toEqual(ok(1000));
    expect(minor('12.345', fractionDigits('BHD'))).toEqual(ok(12345));
  });

  it('rounds what the currency cannot hold half up, digit by digit, where a float rounds the wrong way', () => {
    // 1.005 is 1.00499999999999989... as a double: the float way gives 100
    expect(Math.round(Number('1.005') * 100)).toBe(100);
    expect(minor('1.005', fractionDigits('EUR'))).toEqual(ok(101));
    expect(minor('0.125', 2)).toEqual(ok(13));
    expect(minor('0.124999', 2)).toEqual(ok(12));
    expect(minor('1.0049999999999999', 2)).toEqual(ok(100));
    expect(minor('1000.5', fractionDigits('JPY'))).toEqual(ok(1001));
    expect(minor('1000.4999', 0)).toEqual(ok(1000));
    expect(minor('1.0005', fractionDigits('BHD'))).toEqual(ok(1001));
    expect(minor('0.995', 2)).toEqual(ok(100));
    expect(minor('99.995', 2)).toEqual(ok(10000));
  });

  it('refuses negatives, signs, blanks, exponents, grouping and anything else that is no plain decimal', () => {
    for (const text of ['-1', '-0.5', '+1', '', ' ', ' 12', '12 ', '1e3', '1E3', '1.5e2', 'Infinity', 'NaN', '0x10', '1,000', '1 000', '1_000', "1'000", '12,50', '.5', '12.', '1.2.3', '١٢', '１２', '12€']) {
      expect(minor(text, 2), JSON.stringify(text)).toEqual(refused('format'));
    }
    expect(parseAmount(12 as unknown as string, 2)).toEqual(refused('format'));
  });

  it('refuses more digits than a safe integer has, and amounts beyond the safe-integer range', () => {
    expect(minor('9007199254740991', 0)).toEqual(ok(Number.MAX_SAFE_INTEGER));
    expect(minor('9007199254740992', 0)).toEqual(refused('range'));
    expect(minor('90071992547409.91', 2)).toEqual(ok(Number.MAX_SAFE_INTEGER));
    expect(minor('90071992547409.915', 2)).toEqual(refused('range')); // rounds up past the limit
    expect(minor('9999999999999999', 2)).toEqual(refused('range'));
    expect(minor('12345678901234567', 0)).toEqual(refused('format')); // 17 digits before the point
    expect(minor('1.00000000000000001', 2)).toEqual(refused('format')); // 17 after
    expect(minor('1.0000000000000001', 2)).toEqual(ok(100));
  });

  it('publishes its grammar for request schemas, and refuses a nonsensical number of digits', () => {
    expect(AMOUNT_TEXT.test('1.0005')).toBe(true);
    expect(AMOUNT_TEXT.test('1e3')).toBe(false);
    expect(() => parseAmount('1', -1)).toThrow(RangeError);
    expect(() => parseAmount('1', 1.5)).toThrow(RangeError);
    expect(() => parseAmount('1', 17)).toThrow(RangeError);
  });
});

describe('money text', () => {
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

  it('prints back what parseAmount reads', () => {
    for (const [text, currency] of [['19.99', 'EUR'], ['0.05', 'CHF'], ['1000', 'JPY'], ['12.345', 'BHD']] as const) {
      const parsed = parseAmount(text, fractionDigits(currency));
      expect(parsed.ok && formatUnit(parsed.minor, currency)).toBe(text);
    }
  });

  it('prints a percentage from the decimal it is, rounded half up, where a float rounds the wrong way', () => {
    expect(formatPercent(7.7, 2)).toBe('7.70');
    expect(formatPercent(22, 2)).toBe('22.00');
    expect(formatPercent(0, 2)).toBe('0.00');
    expect(formatPercent(2.55, 2)).toBe('2.55');
    // in floats 1.005 * 100 = 100.49999999999999 and 9.995 * 100 = 999.4999999999999; 2.675 is a double
    // under 2.675 too, which toFixed shows (Math.round(2.675 * 100) happens to round it to 267.5 and up)
    expect(decimalText(Math.round(1.005 * 100), 2)).toBe('1.00');
    expect(formatPercent(1.005, 2)).toBe('1.01');
    expect(decimalText(Math.round(9.995 * 100), 2)).toBe('9.99');
    expect(formatPercent(9.995, 2)).toBe('10.00');
    expect((2.675).toFixed(2)).toBe('2.67');
    expect(formatPercent(2.675, 2)).toBe('2.68');
    expect(formatPercent(7.7, 0)).toBe('8');
    expect(() => formatPercent(-1, 2)).toThrow(RangeError);
  });

  it('describes a currency in English', () => {
    expect(currencyDescriptor('CHF')).toEqual({ code: 'CHF', name: 'Swiss Franc', symbol: 'CHF', fractionDigits: 2 });
    expect(currencyDescriptor('EUR')).toMatchObject({ name: 'Euro', symbol: '€' });
    expect(isCurrencyCode('EUR')).toBe(true);
    expect(isCurrencyCode('eur')).toBe(false);
  });
});
