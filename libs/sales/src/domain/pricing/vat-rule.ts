import type { AdditionalService } from '@ticketing/catalog/contracts';
import { vatAddedTo, vatIncludedIn } from '@ticketing/kernel';

/**
 * How VAT applies to a price. INCLUDED: the listed price is gross, VAT is extracted from it. NOT_INCLUDED:
 * the listed price is net, VAT is added on top. NONE: no VAT at all.
 */
export type VatMode = 'INCLUDED' | 'NOT_INCLUDED' | 'NONE';

export interface VatRule {
  readonly mode: VatMode;
  /** Percent, at most 2 decimals (7.7 = 7.70 %); 0 for NONE. */
  readonly percentage: number;
}

export const noVat: VatRule = { mode: 'NONE', percentage: 0 };

export function eventVatRule(vatIncluded: boolean, vatPercentage: number): VatRule {
  return { mode: vatIncluded ? 'INCLUDED' : 'NOT_INCLUDED', percentage: vatPercentage };
}

/**
 * A supplement's or donation's own rule: INHERITED takes the event's, NONE has none, CUSTOM_* carry their
 * own percentage, inside the price or on top of it.
 *
 * alf.io reports a non-inherited supplement with VatStatus NONE for the reservation totals, so a
 * CUSTOM_EXCLUDED supplement is charged net (the buyer pays less than the organizer owes, and the invoice
 * shows no VAT for an item that bears it) and a CUSTOM_INCLUDED one's VAT never reaches the invoice. Here
 * each rule is honoured: CUSTOM_EXCLUDED VAT is added to what the buyer pays, CUSTOM_INCLUDED VAT is
 * extracted, and the totals carry one VAT subtotal per rate (see vat-subtotals.ts), which is what an
 * invoice must show.
 */
export function serviceVatRule(service: AdditionalService, event: VatRule): VatRule {
  switch (service.vatType) {
    case 'INHERITED':
      return event;
    case 'CUSTOM_INCLUDED':
      return { mode: 'INCLUDED', percentage: service.vatPercentage ?? 0 };
    case 'CUSTOM_EXCLUDED':
      return { mode: 'NOT_INCLUDED', percentage: service.vatPercentage ?? 0 };
    case 'NONE':
      return noVat;
  }
}

/** The VAT of a taxable amount (gross for INCLUDED, net for NOT_INCLUDED), rounded once. */
export function vatOf(taxable: number, rule: VatRule): number {
  switch (rule.mode) {
    case 'INCLUDED':
      return vatIncludedIn(taxable, rule.percentage);
    case 'NOT_INCLUDED':
      return vatAddedTo(taxable, rule.percentage);
    case 'NONE':
      return 0;
  }
}

/** What the buyer pays for a taxable amount: VAT is added only when it is not already inside. */
export function grossOf(taxable: number, vat: number, rule: VatRule): number {
  return rule.mode === 'NOT_INCLUDED' ? taxable + vat : taxable;
}

/** One key per distinct rule, to total VAT per rate. */
export function vatRuleKey(rule: VatRule): string {
  return `${rule.mode}:${rule.percentage}`;
}
