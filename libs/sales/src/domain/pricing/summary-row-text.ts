import type { PriceSummaryRow } from './reservation-price.js';

/** The wire's SummaryRow (reference 5.4) for the rows pricing produces. */
export interface SummaryRowText {
  readonly name: string | null;
  /** Quantity. */
  readonly amount: number;
  /** Unit price: money text, or "-10%" / "-5.00" on a discount row. */
  readonly price: string;
  readonly subTotal: string;
  /** SUBSCRIPTION: the read side names a pass's line so (pricing counts it as one ticket line). */
  readonly type: PriceSummaryRow['type'] | 'SUBSCRIPTION';
  readonly taxPercentage: string | null;
}

/**
 * Formatting stays with the caller: `money` is formatCents in the reservation's currency, `percent` the
 * read side's percentage text, `name` resolves a category name or service title in the buyer's language
 * (and the code's label).
 */
export interface SummaryTextFormat {
  money(minorUnits: number): string;
  percent(value: number): string;
  name(row: PriceSummaryRow): string | null;
}

export function summaryRowText(row: PriceSummaryRow, format: SummaryTextFormat): SummaryRowText {
  const taxPercentage = row.taxPercentage === null ? null : format.percent(row.taxPercentage);
  if (row.type === 'APPLIED_SUBSCRIPTION') {
    return { name: format.name(row), amount: row.quantity, price: `-${format.money(row.unitPrice)}`, subTotal: `-${format.money(row.subtotal)}`, type: row.type, taxPercentage };
  }
  const price =
    row.type !== 'PROMOTION_CODE'
      ? format.money(row.unitPrice)
      : row.discountType === 'PERCENTAGE'
        ? `-${row.unitDiscount}%`
        : `-${format.money(row.unitDiscount)}`;
  return { name: format.name(row), amount: row.quantity, price, subTotal: format.money(row.subtotal), type: row.type, taxPercentage };
}

/** descriptionForPayment: "2 x default, 1 x extra", the rows that are not discounts. */
export function paymentDescription(rows: readonly SummaryRowText[]): string {
  return rows
    .filter((row) => row.type === 'TICKET' || row.type === 'SUBSCRIPTION' || row.type === 'ADDITIONAL_SERVICE')
    .map((row) => `${row.amount} x ${row.name ?? ''}`)
    .join(', ');
}
