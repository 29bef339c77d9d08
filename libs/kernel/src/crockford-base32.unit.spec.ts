import { describe, expect, it } from 'vitest';
import { decodeCrockford, encodeCrockford, normalizeCrockford } from './crockford-base32.js';

describe("Crockford's base 32", () => {
  it('writes a number in a fixed count of symbols and reads it back', () => {
    expect(encodeCrockford(0, 3)).toBe('000');
    expect(encodeCrockford(31, 2)).toBe('0Z');
    expect(encodeCrockford(32, 2)).toBe('10');
    expect(encodeCrockford(2 ** 30 - 1, 6)).toBe('ZZZZZZ');
    for (const n of [0, 1, 31, 32, 1023, 117_702_584, 2 ** 30 - 1]) expect(decodeCrockford(encodeCrockford(n, 6), 6)).toBe(n);
  });

  it('refuses a number that does not fit, and reads nothing else than symbols of the alphabet', () => {
    expect(() => encodeCrockford(2 ** 30, 6)).toThrow(RangeError);
    expect(() => encodeCrockford(-1, 6)).toThrow(RangeError);
    expect(() => encodeCrockford(1.5, 6)).toThrow(RangeError);
    expect(decodeCrockford('ABCDEU', 6)).toBeNull();
    expect(decodeCrockford('ABCDE', 6)).toBeNull();
    expect(decodeCrockford('abcdef', 6)).toBeNull(); // not normalized
  });

  it('normalizes what a person types: case, spaces, dashes, look-alikes', () => {
    expect(normalizeCrockford(' ab-c\u2014d\u00a0e f ')).toBe('ABCDEF');
    expect(normalizeCrockford('oOiIlL')).toBe('001111');
  });
});
