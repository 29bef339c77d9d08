/**
 * Money on the wire (reference section 6): plain decimal text with the currency's scale, dot separator,
 * no symbol. Amounts are integer minor units; only integer arithmetic touches them.
 */

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
