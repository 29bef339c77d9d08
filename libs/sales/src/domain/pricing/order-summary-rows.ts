import type { PromoCode } from '@ticketing/catalog/contracts';
import { sumMinor } from '@ticketing/kernel';
import type { ItemPrice, LinePrice, PriceSummaryRow, TicketPrice, TotalPrice } from './reservation-price.js';

/**
 * The order summary in minor units (alf.io's OrderSummaryGenerator): one row per category and per service,
 * in the order they first appear, at the list price (discounts are their own row), then the code's row
 * when it lowered the price. A NOT_INCLUDED event lists net prices; its VAT is in the totals.
 */
export function orderSummaryRows(
  tickets: readonly TicketPrice[],
  items: readonly ItemPrice[],
  code: PromoCode | null,
  totals: TotalPrice,
): PriceSummaryRow[] {
  const rows: PriceSummaryRow[] = [];
  for (const group of groupBy(tickets, (ticket) => ticket.categoryId)) {
    rows.push({ type: 'TICKET', categoryId: group[0].categoryId, ...quantities(group) });
  }
  for (const group of groupBy(items, (item) => item.serviceId)) {
    rows.push({ type: 'ADDITIONAL_SERVICE', serviceId: group[0].serviceId, serviceType: group[0].serviceType, ...quantities(group) });
  }
  if (code && code.discountType !== 'NONE' && totals.discount !== 0) {
    rows.push({
      type: 'PROMOTION_CODE',
      code: code.code,
      discountType: code.discountType,
      unitDiscount: code.discountAmount,
      quantity: totals.discountAppliedCount,
      subtotal: totals.discount,
      taxPercentage: null,
    });
  }
  return rows;
}

function quantities(lines: readonly [LinePrice, ...LinePrice[]]) {
  const { vatRule } = lines[0];
  return {
    quantity: lines.length,
    unitPrice: lines[0].srcPrice,
    subtotal: sumMinor(lines.map((line) => line.srcPrice)),
    taxPercentage: vatRule.mode === 'NONE' || vatRule.percentage === 0 ? null : vatRule.percentage,
  };
}

function groupBy<T>(values: readonly T[], key: (value: T) => number): [T, ...T[]][] {
  const groups = new Map<number, [T, ...T[]]>();
  for (const value of values) {
    const group = groups.get(key(value));
    if (group) group.push(value);
    else groups.set(key(value), [value]);
  }
  return [...groups.values()];
}
