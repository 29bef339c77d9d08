/**
 * Crockford's base 32 for codes a person reads off a screen and types back: the digits and the capitals without
 * I, L, O and U. Each group of look-alikes keeps one member and the others are read as it (O as 0, I and L as
 * 1); U goes so that no code spells the usual English obscenities. 32 symbols are 5 bits each.
 */
export const CROCKFORD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

const LOOK_ALIKES: Readonly<Record<string, string>> = { O: '0', I: '1', L: '1' };
// Spaces (also non-breaking) and every dash a copy and paste may bring: hyphen, the Unicode dashes, minus.
const SEPARATORS = /[\s\-\u2010-\u2015\u2212]/g;

/** `value` (a non-negative integer below 32^symbols) as `symbols` symbols, most significant first. */
export function encodeCrockford(value: number, symbols: number): string {
  if (!Number.isSafeInteger(value) || value < 0 || value >= 32 ** symbols) throw new RangeError(`${value} does not fit in ${symbols} base-32 symbols`);
  let code = '';
  let rest = value;
  for (let i = 0; i < symbols; i++) {
    code = (CROCKFORD_ALPHABET[rest % 32] ?? '0') + code;
    rest = Math.floor(rest / 32);
  }
  return code;
}

/** A typed code as its symbols: upper case, without spaces and dashes, look-alikes read as the symbol they stand for. */
export function normalizeCrockford(typed: string): string {
  return typed
    .toUpperCase()
    .replace(SEPARATORS, '')
    .replace(/[OIL]/g, (c) => LOOK_ALIKES[c] ?? c);
}

/** The number a normalized code of exactly `symbols` symbols stands for; null when it is not such a code. */
export function decodeCrockford(normalized: string, symbols: number): number | null {
  if (normalized.length !== symbols) return null;
  let value = 0;
  for (const symbol of normalized) {
    const digit = CROCKFORD_ALPHABET.indexOf(symbol);
    if (digit < 0) return null;
    value = value * 32 + digit;
  }
  return value;
}
