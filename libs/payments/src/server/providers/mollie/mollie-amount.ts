import type { Money } from '../payment-provider.js';

/**
 * Mollie takes and gives amounts as strings with exactly the currency's decimals ("12.50" EUR, "1250" JPY) and
 * rejects any other number of them. The conversion is done on the digits, never through a float: 0.29 * 100 is
 * 28.999999999999996, and (1.005).toFixed(2) is "1.00".
 */

/** Mollie's amount object (`{ currency: 'EUR', value: '12.50' }`). */
export interface MollieAmount {
  readonly currency: string;
  readonly value: string;
}

/** The currency's minor-unit digits as the runtime's ICU data knows them (ISO 4217: EUR 2, JPY 0, BHD 3). */
export function currencyDigits(currency: string): number {
  if (!/^[A-Z]{3}$/.test(currency)) throw new RangeError(`not an ISO 4217 currency code: ${currency}`);
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

export function toMollieAmount({ amount, currency }: Money): MollieAmount {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`not an amount in minor units: ${amount}`);
  const digits = currencyDigits(currency);
  const units = String(amount).padStart(digits + 1, '0');
  return { currency, value: digits === 0 ? units : `${units.slice(0, -digits)}.${units.slice(-digits)}` };
}

/** Minor units of a Mollie amount; throws on anything that is not exactly a number of them. */
export function minorUnitsOf({ currency, value }: MollieAmount): number {
  const digits = currencyDigits(currency);
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) throw new RangeError(`not a Mollie amount: ${JSON.stringify(value)} ${currency}`);
  const [, whole = '', fraction = ''] = match;
  if (/[^0]/.test(fraction.slice(digits))) throw new RangeError(`${value} ${currency} has more decimals than ${currency} has`);
  const minor = Number(whole + fraction.slice(0, digits).padEnd(digits, '0'));
  if (!Number.isSafeInteger(minor)) throw new RangeError(`${value} ${currency} is too large`);
  return minor;
}
