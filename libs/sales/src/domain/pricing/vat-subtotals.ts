import { allocate, sumMinor } from '@ticketing/kernel';
import type { VatSubtotal } from './reservation-price.js';
import { grossOf, vatOf, vatRuleKey, type VatRule } from './vat-rule.js';

export interface TaxableLine {
  /** srcPrice - the line's own discount: gross for INCLUDED, net for NOT_INCLUDED. */
  readonly taxable: number;
  readonly vatRule: VatRule;
  /** Whether a reservation-wide discount may lower it (not donations). */
  readonly discountable: boolean;
}

/**
 * VAT computed once per rate on the aggregated taxable amount (reference 6: once on the reservation, not
 * per ticket; with several rates, once per rate, as an invoice lists them). A reservation-wide discount
 * lowers the taxable amounts, spread over the rates in proportion to what each may be discounted (the
 * pro-rata rule of VAT law for a discount on goods at several rates), exactly: the shares sum to the
 * discount and none exceeds its rate's amount, so no subtotal goes negative when the caller caps the
 * discount at the discountable total.
 */
export function vatSubtotals(lines: readonly TaxableLine[], reservationDiscount: number): VatSubtotal[] {
  const groups = new Map<string, { vatRule: VatRule; taxable: number[]; discountable: number[] }>();
  for (const line of lines) {
    const key = vatRuleKey(line.vatRule);
    const group = groups.get(key) ?? { vatRule: line.vatRule, taxable: [], discountable: [] };
    group.taxable.push(line.taxable);
    if (line.discountable) group.discountable.push(line.taxable);
    groups.set(key, group);
  }
  const rates = [...groups.values()];
  const shares = allocate(reservationDiscount, rates.map((rate) => sumMinor(rate.discountable)));
  return rates.map((rate, index) => {
    const share = shares[index] ?? 0;
    const taxable = sumMinor(rate.taxable) - share;
    const vat = vatOf(taxable, rate.vatRule);
    return { vatRule: rate.vatRule, taxable, vat, gross: grossOf(taxable, vat, rate.vatRule), reservationDiscount: share };
  });
}
