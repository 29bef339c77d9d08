import type { PromoCode } from '@ticketing/catalog/contracts';
import { sumMinor } from '@ticketing/kernel';
import type { ItemPrice, LinePrice, PriceSummaryRow, ReservationPrice, TicketPrice, TotalPrice } from './reservation-price.js';
import type { VatRule } from './vat-rule.js';

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

/**
 * The VAT rule a row was priced under, as its lines recorded it (every line of a row shares its category's or its
 * service's rule): what an invoice says of the row, whatever the catalog says today. Null for a row that prices
 * nothing itself (a code's discount, what a pass paid) or whose lines are not in `price`.
 */
export function summaryRowVatRule(row: PriceSummaryRow, price: Pick<ReservationPrice, 'tickets' | 'items'>): VatRule | null {
  switch (row.type) {
    case 'TICKET':
      return price.tickets.find((ticket) => ticket.categoryId === row.categoryId)?.vatRule ?? null;
    case 'ADDITIONAL_SERVICE':
      return price.items.find((item) => item.serviceId === row.serviceId)?.vatRule ?? null;
    default:
      return null;
  }
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

/**
 * The order summary without the tickets given back since (`released`, indexes in `tickets`): only a free ticket can
 * be (its final price 0), so the totals do not move, but each one leaves its category's row at its list price (a
 * row left with none goes). What made it free leaves with it, as alf.io's summary of the tickets still in the order
 * has it: a code, its discount from the code's row; the pass, what it paid for it (`passPaid`: ticket index -> minor
 * units, see passPaidPerTicket) from the APPLIED_SUBSCRIPTION row, whose entry went back to the pass. A covered
 * ticket's discount is the pass's, not the code's.
 */
export function summaryWithout(
  summary: readonly PriceSummaryRow[],
  tickets: readonly TicketPrice[],
  released: readonly number[],
  passPaid: ReadonlyMap<number, number> = new Map(),
): PriceSummaryRow[] {
  if (released.length === 0) return [...summary];
  const gone = released.filter((i) => tickets[i] !== undefined);
  const covered = gone.filter((i) => passPaid.has(i));
  const byCode = gone.filter((i) => !passPaid.has(i)).map((i) => tickets[i]!);
  return summary.flatMap((row): PriceSummaryRow[] => {
    if (row.type === 'TICKET') {
      const lines = gone.map((i) => tickets[i]!).filter((t) => t.categoryId === row.categoryId);
      const quantity = row.quantity - lines.length;
      return quantity <= 0 ? [] : [{ ...row, quantity, subtotal: row.subtotal - sumMinor(lines.map((t) => t.srcPrice)) }];
    }
    if (row.type === 'PROMOTION_CODE') {
      const discounted = byCode.filter((t) => t.discount > 0);
      if (discounted.length === 0) return [row];
      const subtotal = row.subtotal + sumMinor(discounted.map((t) => t.discount));
      if (subtotal >= 0) return [];
      return [{ ...row, subtotal, quantity: row.discountType === 'FIXED_AMOUNT' ? Math.max(1, row.quantity - discounted.length) : row.quantity }];
    }
    if (row.type === 'APPLIED_SUBSCRIPTION' && covered.length > 0) {
      const quantity = row.quantity - covered.length;
      const subtotal = row.subtotal - sumMinor(covered.map((i) => passPaid.get(i)!));
      return quantity <= 0 ? [] : [{ ...row, quantity, subtotal, unitPrice: Math.round(subtotal / quantity) }];
    }
    return [row];
  });
}
