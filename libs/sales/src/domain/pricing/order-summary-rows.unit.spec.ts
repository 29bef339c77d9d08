import { describe, expect, it } from 'vitest';
import { coverTickets } from './cover-tickets.js';
import { summaryRowVatRule, summaryWithout } from './order-summary-rows.js';
import { priceReservation } from './price-reservation.js';
import { donation, promoCode, supplement } from './pricing.fixtures.js';
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

describe('the VAT rule a summary row was priced under', () => {
  const price = priceReservation({
    currency: 'CHF',
    vatPercentage: 8.1,
    vatIncluded: false,
    tickets: [{ categoryId: 1, price: 4000 }, { categoryId: 2, price: 6000 }],
    code: promoCode({ discountType: 'PERCENTAGE', discountAmount: 10 }),
    services: [
      { service: supplement({ id: 10, vatType: 'CUSTOM_INCLUDED', vatPercentage: 2.5 }), quantity: 2, amount: null },
      { service: supplement({ id: 11, key: 'bag' }), quantity: 1, amount: null },
      { service: donation({ id: 20 }), quantity: 1, amount: 500 },
    ],
  });

  it("is its lines' own: the event's for tickets and inherited services, a service's own rate or none", () => {
    expect(price.summary.map((row) => [row.type, summaryRowVatRule(row, price)])).toEqual([
      ['TICKET', { mode: 'NOT_INCLUDED', percentage: 8.1 }],
      ['TICKET', { mode: 'NOT_INCLUDED', percentage: 8.1 }],
      ['ADDITIONAL_SERVICE', { mode: 'INCLUDED', percentage: 2.5 }],
      ['ADDITIONAL_SERVICE', { mode: 'NOT_INCLUDED', percentage: 8.1 }],
      ['ADDITIONAL_SERVICE', { mode: 'NONE', percentage: 0 }],
      ['PROMOTION_CODE', null],
    ]);
  });

  it('is none for a row that prices nothing itself, or whose lines the price does not hold', () => {
    const covered = coverTickets(price, { subscriptionId: 'pass-1', title: { en: 'Pass' }, ticketIndexes: [0] });
    const applied = covered.summary.find((row) => row.type === 'APPLIED_SUBSCRIPTION');
    expect(applied && summaryRowVatRule(applied, covered)).toBeNull();
    expect(summaryRowVatRule(price.summary[0]!, { tickets: [], items: [] })).toBeNull();
  });
});

describe('the order summary without tickets a pass paid for, given back', () => {
  // tickets 0 and 1 (25.00 and 30.00) paid by the pass, ticket 2 by the buyer less a code's 5.00
  const tickets = [ticket(1, 2500, 2500), ticket(2, 3000, 3000), ticket(1, 2500, 500)];
  const passPaid = new Map([
    [0, 2500],
    [1, 3000],
  ]);
  const summary: PriceSummaryRow[] = [
    { type: 'TICKET', categoryId: 1, quantity: 2, unitPrice: 2500, subtotal: 5000, taxPercentage: null },
    { type: 'TICKET', categoryId: 2, quantity: 1, unitPrice: 3000, subtotal: 3000, taxPercentage: null },
    { type: 'PROMOTION_CODE', code: 'CREW', discountType: 'FIXED_AMOUNT', unitDiscount: 500, quantity: 1, subtotal: -500, taxPercentage: null },
    { type: 'APPLIED_SUBSCRIPTION', subscriptionId: 'p-1', title: { en: 'Pass' }, quantity: 2, unitPrice: 2750, subtotal: 5500, taxPercentage: null },
  ];
  const total = (rows: readonly PriceSummaryRow[]) =>
    rows.reduce((sum, row) => sum + (row.type === 'APPLIED_SUBSCRIPTION' ? -row.subtotal : row.subtotal), 0);

  it('takes what the pass paid for it out of the pass row, the code row untouched: the rows still add up to the total', () => {
    const rows = summaryWithout(summary, tickets, [1], passPaid);
    expect(rows).toEqual([
      summary[0],
      summary[2],
      { ...summary[3], quantity: 1, unitPrice: 2500, subtotal: 2500 },
    ]);
    expect(total(rows)).toBe(total(summary));
    expect(total(rows)).toBe(2000);
  });

  it('drops the pass row once every ticket it paid for was given back', () => {
    const rows = summaryWithout(summary, tickets, [0, 1], passPaid);
    expect(rows).toEqual([{ ...summary[0], quantity: 1, subtotal: 2500 }, summary[2]]);
    expect(total(rows)).toBe(2000);
  });
});
