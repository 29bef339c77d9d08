/**
 * Money arithmetic on integer minor units (CHF 10.50 = 1050, JPY 1000 = 1000) with ONE rounding rule:
 * the exact rational result is rounded to the minor unit half up, ties away from zero (Java's HALF_UP,
 * so -0.5 -> -1). Every price, discount and VAT figure of every context goes through here, so the rule
 * is written once (DESIGN.md, rule 2).
 *
 * Why exact: percentages carry decimals (7.7 %), and 4500 * 7.7 / 107.7 in floating point can land a
 * hair under a .5 tie and round the wrong way. Percentages are read as the decimal they print as
 * (`String(7.7)` = "7.7" = 77/10) and everything after that is BigInt arithmetic.
 *
 * A currency's number of digits plays no part: amounts are already in its minor unit, and results are
 * rounded to that unit. Formatting (digits, "10.00") stays with the read side.
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
