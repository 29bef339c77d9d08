import { describe, expect, it } from 'vitest';
import { isPin, normalizePin, PIN_ALPHABET, PIN_LENGTH, pinOf } from './pin.js';

describe('the PIN alphabet', () => {
  it('has 32 distinct symbols and none of the letters read as another (I, L, O) nor U', () => {
    expect(new Set(PIN_ALPHABET).size).toBe(32);
    expect(PIN_ALPHABET).toHaveLength(32);
    for (const c of 'ILOU') expect(PIN_ALPHABET).not.toContain(c);
  });
});

describe('pinOf', () => {
  it('maps each byte by its low 5 bits, so every symbol is as likely as any other', () => {
    expect(pinOf(Uint8Array.from([0, 1, 9, 10, 17, 18, 30, 31]))).toBe('019AHJYZ');
    // 32 apart is the same symbol: the high bits do not count
    expect(pinOf(Uint8Array.from([32, 33, 41, 42, 49, 50, 62, 255]))).toBe('019AHJYZ');
    const counts = new Map<string, number>();
    for (let byte = 0; byte < 256; byte++) {
      const symbol = pinOf(Uint8Array.from([byte, 0, 0, 0, 0, 0, 0, 0]))[0] ?? '';
      counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
    }
    expect(counts.size).toBe(32);
    expect(new Set(counts.values())).toEqual(new Set([8]));
  });
  it('uses the first 8 bytes and needs at least 8', () => {
    expect(pinOf(Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]))).toBe(pinOf(Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8])));
    expect(() => pinOf(Uint8Array.from([1, 2, 3, 4, 5, 6, 7]))).toThrow(RangeError);
  });
  it('always gives a PIN that passes its own check and normalises to itself', () => {
    for (let seed = 0; seed < 64; seed++) {
      const pin = pinOf(Uint8Array.from({ length: PIN_LENGTH }, (_, i) => (seed * 37 + i * 91) % 256));
      expect(isPin(pin)).toBe(true);
      expect(normalizePin(pin)).toBe(pin);
    }
  });
});

describe('normalizePin', () => {
  it('takes the PIN in any case, with spaces and dashes', () => {
    expect(normalizePin('abcd-efgh')).toBe('ABCDEFGH');
    expect(normalizePin(' 7k3m 9p2q ')).toBe('7K3M9P2Q');
    expect(normalizePin('7K3M\u00a09P2Q')).toBe('7K3M9P2Q');
    expect(normalizePin('7K3M\u20139P2Q')).toBe('7K3M9P2Q');
  });
  it('reads O as 0 and I or L as 1, so a PIN read off a printout still matches', () => {
    expect(normalizePin('O1IL-oil0')).toBe('01110110');
    expect(isPin(normalizePin('7KOM-9PLQ'))).toBe(true);
  });
});

describe('isPin', () => {
  it('accepts 8 symbols of the alphabet only', () => {
    expect(isPin('7K3M9P2Q')).toBe(true);
    expect(isPin('7K3M9P2')).toBe(false);
    expect(isPin('7K3M9P2QX')).toBe(false);
    expect(isPin('7K3M9P2U')).toBe(false);
    expect(isPin('7k3m9p2q')).toBe(false);
    expect(isPin('7K3M-9P2Q')).toBe(false);
    expect(isPin('3fa85f64-5717-4562-b3fc-2c963f66afa6')).toBe(false);
  });
});
