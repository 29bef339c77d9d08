/**
 * Money on integer minor units (CHF 10.50 = 1050, JPY 1000 = 1000): the one module that reads, computes and
 * prints amounts, with ONE rounding rule: the exact rational result is rounded to the minor unit half up,
 * ties away from zero (Java's HALF_UP, so -0.5 -> -1). Every price, discount and VAT figure of every context
 * goes through here, so the rule is written once (DESIGN.md, rule 2).
 *
 * Why exact: percentages carry decimals (7.7 %), and 4500 * 7.7 / 107.7 in floating point can land a
 * hair under a .5 tie and round the wrong way. Percentages are read as the decimal they print as
 * (`String(7.7)` = "7.7" = 77/10) and everything after that is BigInt arithmetic. Amounts typed by a
 * buyer ("1.005") are read digit by digit (parseAmount), never through a binary float, and printed the
 * same way (decimalText).
 *
 * The arithmetic ignores a currency's number of digits: amounts are already in its minor unit, and results
 * are rounded to that unit. Only reading and printing decimal text need the digits (fractionDigits).
 */

/** `numerator / denominator` rounded half up, ties away from zero. */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = n / d;
  const rounded = 2n * (n % d) >= d ? quotient + 1n : quotient;
  return negative ? -rounded : rounded;
}

/** `percent` % of an amount, e.g. percentOf(995, 10) = 100 (99.5 rounds up). */
export function percentOf(amountMinor: number, percent: number): number {
  const p = exactPercent(percent);
  return toMinor(divideHalfUp(BigInt(minorUnits(amountMinor)) * p.units, 100n * p.scale));
}

/**
 * The VAT contained in a gross amount: gross - gross / (1 + p/100) = gross * p / (100 + p), rounded once.
 * vatIncludedIn(1000, 1) = 10 (9.90...), vatIncludedIn(4500, 7.7) = 322 (321.72...).
 */
export function vatIncludedIn(grossMinor: number, percent: number): number {
  const p = exactPercent(percent);
  return toMinor(divideHalfUp(BigInt(minorUnits(grossMinor)) * p.units, 100n * p.scale + p.units));
}

/** The VAT to add on top of a net amount: net * p / 100. vatAddedTo(1000, 1) = 10, vatAddedTo(1234, 22) = 271. */
export function vatAddedTo(netMinor: number, percent: number): number {
  return percentOf(netMinor, percent);
}

/**
 * Splits an amount over weights in proportion, exactly: the shares always sum to the amount. Each share
 * is the floor of its exact part; the units left go to the largest remainders (the earlier one on a tie).
 * allocate(100, [1, 1, 1]) = [34, 33, 33]. Used to spread a reservation-wide discount over VAT rates.
 */
export function allocate(amountMinor: number, weights: readonly number[]): number[] {
  const amount = BigInt(minorUnits(amountMinor));
  const ws = weights.map((w) => {
    if (minorUnits(w) < 0) throw new RangeError(`negative weight: ${w}`);
    return BigInt(w);
  });
  // nothing to spread (every reservation without a reservation-wide discount): no remainders to sort
  if (amount === 0n) return ws.map(() => 0);
  const total = ws.reduce((a, b) => a + b, 0n);
  if (total === 0n) {
    if (amount !== 0n) throw new RangeError('cannot allocate an amount over weights that sum to zero');
    return ws.map(() => 0);
  }
  const sign = amount < 0n ? -1n : 1n;
  const abs = amount * sign;
  const shares = ws.map((w) => (abs * w) / total);
  let left = abs - shares.reduce((a, b) => a + b, 0n);
  const byRemainder = ws
    .map((w, index) => ({ index, remainder: (abs * w) % total }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of byRemainder) {
    if (left === 0n) break;
    shares[index] = (shares[index] ?? 0n) + 1n;
    left -= 1n;
  }
  return shares.map((share) => toMinor(share * sign));
}

/** Sum of minor-unit amounts, refusing anything that is not a safe integer. */
export function sumMinor(amounts: readonly number[]): number {
  return toMinor(amounts.reduce((sum, amount) => sum + BigInt(minorUnits(amount)), 0n));
}

/** Throws unless `amount` is a safe integer, i.e. a valid count of minor units. */
export function minorUnits(amount: number): number {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`not an integer amount of minor units: ${amount}`);
  return amount;
}

// ---------------------------------------------------------------------------------------------------------
// Reading an amount typed or sent as decimal text

/**
 * The decimal text parseAmount reads: digits, optionally a point and digits; no sign, blank, exponent or
 * grouping. At most 16 digits on either side: a safe integer has 16, and an amount with more decimals than
 * that is no amount anybody typed. Request schemas use this pattern so that they accept what parseAmount does.
 */
export const AMOUNT_TEXT = /^\d{1,16}(\.\d{1,16})?$/;

/** Why a text is no amount: not the grammar of AMOUNT_TEXT, or more minor units than a safe integer holds. */
export type AmountRefusal = 'format' | 'range';

export type ParsedAmount = { readonly ok: true; readonly minor: number } | { readonly ok: false; readonly refusal: AmountRefusal };

/**
 * Decimal text in currency units -> integer minor units, rounded half up to `fractionDigits` (the currency's,
 * see fractionDigits) digit by digit, never through a binary float: "1.005" -> 101 with 2 digits, where
 * `Math.round(Number("1.005") * 100)` gives 100. "12" -> 1200, "19.99" -> 1999, "1000.5" -> 1001 with 0
 * digits, "1.0005" -> 1001 with 3. Negative amounts are refused: a buyer never types a refund.
 */
export function parseAmount(text: string, fractionDigits: number): ParsedAmount {
  if (!Number.isSafeInteger(fractionDigits) || fractionDigits < 0 || fractionDigits > 16) {
    throw new RangeError(`not a number of fraction digits: ${fractionDigits}`);
  }
  if (typeof text !== 'string' || !AMOUNT_TEXT.test(text)) return { ok: false, refusal: 'format' };
  const point = text.indexOf('.');
  const whole = point < 0 ? text : text.slice(0, point);
  const fraction = point < 0 ? '' : text.slice(point + 1);
  // What is cut off is at least half a minor unit exactly when its first digit is 5 or more.
  const roundUp = (fraction[fractionDigits] ?? '0') >= '5';
  const minor = BigInt(whole + fraction.slice(0, fractionDigits).padEnd(fractionDigits, '0')) + (roundUp ? 1n : 0n);
  if (minor > MAX_MINOR) return { ok: false, refusal: 'range' };
  return { ok: true, minor: Number(minor) };
}

// ---------------------------------------------------------------------------------------------------------
// Printing: the wire's money text (reference section 6) is plain decimal text with the currency's scale,
// dot separator, no symbol.

const digitsCache = new Map<string, number>();

/** ISO 4217 minor-unit digits of a currency (2 for CHF, 0 for JPY, 3 for BHD). */
export function fractionDigits(currency: string): number {
  const code = currency.toUpperCase();
  let digits = digitsCache.get(code);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsCache.set(code, digits);
  }
  return digits;
}

/** `formatUnit`: always with the currency's scale, `1000` -> `"10.00"`, `0` -> `"0.00"`. List prices use it. */
export function formatUnit(minorUnits: number, currency: string): string {
  return decimalText(minorUnits, fractionDigits(currency));
}

/** `formatCents`: like formatUnit but zero is `"0"` (alf.io's totals quirk, kept for wire compatibility). */
export function formatCents(minorUnits: number, currency: string): string {
  return minorUnits === 0 ? '0' : formatUnit(minorUnits, currency);
}

/** `minor / 10^scale` as text with exactly `scale` decimals, e.g. (-5, 2) -> "-0.05". */
export function decimalText(minor: number, scale: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not an integer amount of minor units: ${minor}`);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  return scale === 0 ? sign + whole : `${sign}${whole}.${digits.slice(digits.length - scale)}`;
}

/**
 * A percentage as text with exactly `scale` decimals, rounded half up from the decimal it prints as:
 * (7.7, 2) -> "7.70", (2.675, 2) -> "2.68", (1.005, 2) -> "1.01" (`Math.round(1.005 * 100)` gives 100).
 */
export function formatPercent(percent: number, scale: number): string {
  const p = exactPercent(percent);
  return decimalText(toMinor(divideHalfUp(p.units * 10n ** BigInt(scale), p.scale)), scale);
}

/** `CurrencyDescriptor` of the wire format. */
export interface CurrencyDescriptor {
  readonly code: string;
  readonly name: string;
  readonly symbol: string;
  readonly fractionDigits: number;
}

const descriptorCache = new Map<string, CurrencyDescriptor>();

/** Names and symbols in English, as alf.io's server (Java's default locale) reports them. */
export function currencyDescriptor(currency: string): CurrencyDescriptor {
  const code = currency.toUpperCase();
  let descriptor = descriptorCache.get(code);
  if (!descriptor) {
    const symbol = new Intl.NumberFormat('en', { style: 'currency', currency: code }).formatToParts(1).find((p) => p.type === 'currency')?.value ?? code;
    const name = new Intl.DisplayNames('en', { type: 'currency' }).of(code) ?? code;
    descriptor = { code, name, symbol, fractionDigits: fractionDigits(code) };
    descriptorCache.set(code, descriptor);
  }
  return descriptor;
}

/** True for a well-formed ISO 4217 code that the runtime knows. */
export function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  try {
    new Intl.NumberFormat('en', { style: 'currency', currency: code });
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------------------

const MAX_MINOR = BigInt(Number.MAX_SAFE_INTEGER);
const MIN_MINOR = BigInt(Number.MIN_SAFE_INTEGER);

function toMinor(value: bigint): number {
  if (value > MAX_MINOR || value < MIN_MINOR) throw new RangeError(`amount out of range: ${value}`);
  return Number(value);
}

const DECIMAL = /^(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/;

interface ExactPercent {
  readonly units: bigint;
  readonly scale: bigint;
}

/** An event has a rate or two (VAT, fees, codes), read again for every line of every price: parsed once. */
const parsedPercents = new Map<number, ExactPercent>();

function exactPercent(percent: number): ExactPercent {
  let exact = parsedPercents.get(percent);
  if (exact === undefined) {
    exact = parsePercent(percent);
    // bounded all the same: rates come from organizers' data
    if (parsedPercents.size >= 1_000) parsedPercents.clear();
    parsedPercents.set(percent, exact);
  }
  return exact;
}

/** A non-negative percentage as units / scale, exactly as it prints: 7.7 -> 77 / 10, 22 -> 22 / 1. */
function parsePercent(percent: number): ExactPercent {
  if (!Number.isFinite(percent) || percent < 0) throw new RangeError(`not a percentage: ${percent}`);
  const match = DECIMAL.exec(String(percent));
  if (!match) throw new RangeError(`not a percentage: ${percent}`);
  const [, whole = '0', fraction = '', exponent = '0'] = match;
  const shift = Number(exponent) - fraction.length;
  const digits = BigInt(whole + fraction);
  return shift >= 0 ? { units: digits * 10n ** BigInt(shift), scale: 1n } : { units: digits, scale: 10n ** BigInt(-shift) };
}
