import { describe, expect, it } from 'vitest';
import { priceReservation } from './price-reservation.js';
import { donation, promoCode, supplement } from './pricing.fixtures.js';
import type { PriceSummaryRow } from './reservation-price.js';
import { paymentDescription, summaryRowText, type SummaryTextFormat } from './summary-row-text.js';

// The read side passes formatCents in the reservation's currency; a two-digit stand-in keeps this spec pure.
const twoDigits = (minor: number) => `${minor < 0 ? '-' : ''}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;
const names: Record<string, string> = { 'TICKET:1': 'Regular', 'TICKET:2': 'VIP', 'ADDITIONAL_SERVICE:10': 'Parking', 'ADDITIONAL_SERVICE:20': 'Donation' };
const nameOf = (row: PriceSummaryRow) => {
  switch (row.type) {
    case 'PROMOTION_CODE':
      return row.code;
    case 'APPLIED_SUBSCRIPTION':
      return row.title['en'] ?? null;
    case 'TICKET':
      return names[`TICKET:${row.categoryId}`] ?? null;
    case 'ADDITIONAL_SERVICE':
      return names[`ADDITIONAL_SERVICE:${row.serviceId}`] ?? null;
  }
};
const format: SummaryTextFormat = { money: twoDigits, percent: (p) => p.toFixed(2), name: nameOf };

describe('order summary rows', () => {
  it('one row per category and service at list price, then the percentage code as "-10%"', () => {
    const price = priceReservation({
      currency: 'CHF',
      vatPercentage: 7.7,
      vatIncluded: true,
      tickets: [
        { categoryId: 1, price: 1000 },
        { categoryId: 2, price: 3000 },
        { categoryId: 1, price: 1000 },
      ],
      code: promoCode({ code: 'SPRING', discountAmount: 10 }),
      services: [
        { service: supplement({ price: 500 }), quantity: 1, amount: null },
        { service: donation(), quantity: 1, amount: 250 },
      ],
    });
    // discounts: 100 + 300 + 100 (tickets) + 50 (parking) = 550.
    const rows = price.summary.map((row) => summaryRowText(row, format));
    expect(rows).toEqual([
      { name: 'Regular', amount: 2, price: '10.00', subTotal: '20.00', type: 'TICKET', taxPercentage: '7.70' },
      { name: 'VIP', amount: 1, price: '30.00', subTotal: '30.00', type: 'TICKET', taxPercentage: '7.70' },
      { name: 'Parking', amount: 1, price: '5.00', subTotal: '5.00', type: 'ADDITIONAL_SERVICE', taxPercentage: '7.70' },
      { name: 'Donation', amount: 1, price: '2.50', subTotal: '2.50', type: 'ADDITIONAL_SERVICE', taxPercentage: null },
      { name: 'SPRING', amount: 1, price: '-10%', subTotal: '-5.50', type: 'PROMOTION_CODE', taxPercentage: null },
    ]);
    expect(paymentDescription(rows)).toBe('2 x Regular, 1 x VIP, 1 x Parking, 1 x Donation');
    // 5000 + 500 + 250 - 550 = 5200 paid.
    expect(price.totals.priceWithVat).toBe(5200);
  });

  it('a fixed amount per ticket reads "-5.00 x tickets discounted"; a reservation-wide one once, at what it took', () => {
    const base = { currency: 'CHF', vatPercentage: 0, vatIncluded: true, services: [], tickets: [{ categoryId: 1, price: 1000 }, { categoryId: 1, price: 1000 }] };
    const perTicket = priceReservation({ ...base, code: promoCode({ discountType: 'FIXED_AMOUNT', discountAmount: 500 }) });
    expect(perTicket.summary.at(-1)).toEqual({ type: 'PROMOTION_CODE', code: 'SPRING', discountType: 'FIXED_AMOUNT', unitDiscount: 500, quantity: 2, subtotal: -1000, taxPercentage: null });
    expect(summaryRowText(perTicket.summary.at(-1) as PriceSummaryRow, format)).toMatchObject({ amount: 2, price: '-5.00', subTotal: '-10.00' });
    const wide = priceReservation({ ...base, code: promoCode({ discountType: 'FIXED_AMOUNT_RESERVATION', discountAmount: 5000 }) });
    expect(summaryRowText(wide.summary.at(-1) as PriceSummaryRow, format)).toMatchObject({ amount: 1, price: '-50.00', subTotal: '-20.00' });
  });

  it('drops the code row when the code lowered nothing', () => {
    const price = priceReservation({ currency: 'CHF', vatPercentage: 0, vatIncluded: true, services: [], tickets: [{ categoryId: 1, price: 1000 }], code: promoCode({ categoryIds: [2] }) });
    expect(price.summary.map((row) => row.type)).toEqual(['TICKET']);
    expect(price.totals.discountAppliedCount).toBe(0);
  });
});
