import { describe, expect, it } from 'vitest';
import { allocate, divideHalfUp, minorUnits, percentOf, sumMinor, vatAddedTo, vatIncludedIn } from './money.js';

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
