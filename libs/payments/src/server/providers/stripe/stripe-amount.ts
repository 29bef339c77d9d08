import { formatUnit, fractionDigits } from '@ticketing/kernel';
import type { Money } from '../payment-provider.js';

/**
 * Stripe's unit of an amount is not always ours. Ours is the currency's minor unit as ISO 4217/CLDR give it
 * (kernel `fractionDigits`: ISK 0, HUF 0, JPY 0, EUR 2, KWD 3); Stripe's is its own table
 * (docs.stripe.com/currencies):
 * - two decimals unless it says otherwise, so ISK, HUF, IDR, COP ... are sent ×100;
 * - zero-decimal: BIF CLP DJF GNF JPY KMF KRW MGA PYG RWF VND VUV XAF XOF XPF;
 * - three-decimal: BHD JOD KWD OMR TND, and "the least-significant (last) digit [must] be 0";
 * - special cases: ISK and UGX "must pass in amounts with two decimals" and the amount "must be evenly divisible
 *   by 100" (no fraction of a króna or shilling; UGX is in the zero-decimal list too, the special case rules it);
 *   HUF and TWD are zero-decimal "for payouts, even though you can charge two-decimal amounts", so a charge or a
 *   refund of them is an ordinary two-decimal amount.
 * Converted on integers, never through a float.
 */
const ZERO_DECIMAL = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);
const THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);
const WHOLE_UNITS_ONLY = new Set(['ISK', 'UGX']);

function stripeDigits(currency: string): number {
  if (ZERO_DECIMAL.has(currency)) return 0;
  return THREE_DECIMAL.has(currency) ? 3 : 2;
}

/** The smallest step of a Stripe amount in this currency, in Stripe's unit. */
function stripeStep(currency: string): number {
  if (WHOLE_UNITS_ONLY.has(currency)) return 100;
  return THREE_DECIMAL.has(currency) ? 10 : 1;
}

/** An amount Stripe would not take in this currency (a fraction of a króna, 5.125 KWD): refused before it is sent. */
export class StripeAmountRefused extends Error {
  constructor(readonly money: Money, reason: string) {
    const amount = Number.isSafeInteger(money.amount) ? formatUnit(money.amount, money.currency) : String(money.amount);
    super(`Stripe cannot charge ${amount} ${money.currency}: ${reason}`);
    this.name = 'StripeAmountRefused';
  }
}

/** Our minor units -> Stripe's `amount`. Throws StripeAmountRefused for an amount Stripe cannot take. */
export function toStripeAmount(money: Money): number {
  const { amount } = money;
  const currency = money.currency.toUpperCase();
  if (!Number.isSafeInteger(amount) || amount < 0) throw new StripeAmountRefused(money, 'not a whole number of minor units');
  const ours = fractionDigits(currency);
  const theirs = stripeDigits(currency);
  let stripe: number;
  if (theirs >= ours) {
    stripe = amount * 10 ** (theirs - ours);
  } else {
    const divisor = 10 ** (ours - theirs);
    if (amount % divisor !== 0) throw new StripeAmountRefused(money, `Stripe takes ${currency} with ${theirs} decimals`);
    stripe = amount / divisor;
  }
  if (!Number.isSafeInteger(stripe)) throw new StripeAmountRefused(money, 'too large');
  const step = stripeStep(currency);
  if (stripe % step !== 0) {
    throw new StripeAmountRefused(money, `Stripe takes ${currency} only in steps of ${decimalOf(step, theirs)} ${currency}`);
  }
  return stripe;
}

/**
 * Stripe's `amount`/`amount_received` -> our minor units. A figure that is no whole number of our minor units
 * (fillér of a HUF payment made elsewhere) is answered as the exact fraction: no attempt asked for it, so it is
 * flagged as another amount, never counted as paid nor rounded into one that would be.
 */
export function fromStripeAmount(stripeAmount: number, currency: string): number {
  const code = currency.toUpperCase();
  const ours = fractionDigits(code);
  const theirs = stripeDigits(code);
  return theirs >= ours ? stripeAmount / 10 ** (theirs - ours) : stripeAmount * 10 ** (ours - theirs);
}

/** `step` Stripe units as decimal text: (100, 2) -> "1", (10, 3) -> "0.01". */
function decimalOf(step: number, digits: number): string {
  return String(step / 10 ** digits);
}
