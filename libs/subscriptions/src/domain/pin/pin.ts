import { CROCKFORD_ALPHABET, normalizeCrockford } from '@ticketing/kernel';
/**
 * PINs of passes: 8 symbols of Crockford's base 32, the digits and the capitals without I, L, O and U.
 *
 * Rather than leaving out every look-alike (no 0/O, 1/I/L: 31 symbols), each group of look-alikes keeps one
 * member and the others are read as it (O as 0, I and L as 1): whatever the owner reads off a screen or a
 * printout and types back, it matches. U goes so that no PIN spells the usual English obscenities. And 32
 * symbols are 5 bits: each random byte gives one symbol from its low 5 bits with no modulo bias (256 = 8 x 32).
 *
 * Entropy: 8 x 5 = 40 bits, 1.1e12 PINs. An organizer with 10,000 passes sold is hit by one random guess in
 * 1.1e8; the API rate-limits guesses on top of that. Uniqueness within an organizer is the PIN stream's
 * (SubscriptionPinTaken), not chance's.
 */
export const PIN_ALPHABET = CROCKFORD_ALPHABET;
export const PIN_LENGTH = 8;

const PIN = /^[0-9A-HJKMNP-TV-Z]{8}$/;

/** A PIN from random bytes the caller draws (the domain makes no randomness): the first PIN_LENGTH are used. */
export function pinOf(randomBytes: Uint8Array): string {
  if (randomBytes.length < PIN_LENGTH) throw new RangeError(`a PIN needs ${PIN_LENGTH} random bytes, got ${randomBytes.length}`);
  let pin = '';
  for (let i = 0; i < PIN_LENGTH; i++) pin += PIN_ALPHABET[(randomBytes[i] ?? 0) & 31];
  return pin;
}

/** The PIN as stored and looked up: upper case, without spaces and dashes, look-alikes read as the symbol they stand for. */
export const normalizePin = normalizeCrockford;

/** True when `normalized` (normalizePin's result) can be a PIN; anything else is a malformed code. */
export function isPin(normalized: string): boolean {
  return PIN.test(normalized);
}
