import { describe, expect, it } from 'vitest';
import { summaryWithout } from './order-summary-rows.js';
import type { PriceSummaryRow, TicketPrice } from './reservation-price.js';

const rule = { mode: 'INCLUDED', percentage: 0 } as unknown as TicketPrice['vatRule'];
const ticket = (categoryId: number, srcPrice: number, discount = 0): TicketPrice => ({ categoryId, srcPrice, discount, vat: 0, finalPrice: srcPrice - discount, vatRule: rule });

describe('the order summary without the tickets given back', () => {
  const tickets = [ticket(1, 0), ticket(1, 0), ticket(2, 2000, 2000), ticket(2, 2000)];
  const summary: PriceSummaryRow[] = [
    { type: 'TICKET', categoryId: 1, quantity: 2, unitPrice: 0, subtotal: 0, taxPercentage: null },
    { type: 'TICKET', categoryId: 2, quantity: 2, unitPrice: 2000, subtotal: 4000, taxPercentage: null },
    { type: 'PROMOTION_CODE', code: 'CREW', discountType: 'FIXED_AMOUNT', unitDiscount: 2000, quantity: 1, subtotal: -2000, taxPercentage: null },
  ];

  it('is the summary itself when none was given back', () => {
    expect(summaryWithout(summary, tickets, [])).toEqual(summary);
  });

  it('counts a free ticket given back out of its row, and drops a row left with none', () => {
    expect(summaryWithout(summary, tickets, [0])[0]).toMatchObject({ type: 'TICKET', categoryId: 1, quantity: 1, subtotal: 0 });
    expect(summaryWithout(summary, tickets, [0, 1]).map((r) => r.type === 'TICKET' && r.categoryId)).toEqual([2, false]);
  });

  it('takes a ticket a code made free out of its row at its list price, and its discount out of the code row', () => {
    const rows = summaryWithout(summary, tickets, [2]);
    expect(rows).toEqual([summary[0], { ...summary[1], quantity: 1, subtotal: 2000 }]);
  });
});
