import { describe, expect, it } from 'vitest';
import { coverTickets } from './cover-tickets.js';
import { priceReservation } from './price-reservation.js';
import { promoCode, supplement } from './pricing.fixtures.js';
import { summaryRowText } from './summary-row-text.js';

// Worked examples in minor units; each figure is worked out by hand in the comment next to it.

const pass = { subscriptionId: 'pass-1', title: { en: 'Season pass', de: 'Saisonkarte' } };
const money = (minor: number) => `${minor < 0 ? '-' : ''}${(Math.abs(minor) / 100).toFixed(2)}`;

/** The summary's rows summed as a reader of the order reads them (the pass's row is taken off). */
const rowsTotal = (price: ReturnType<typeof coverTickets>) =>
  price.summary.reduce((sum, row) => sum + (row.type === 'APPLIED_SUBSCRIPTION' ? -row.subtotal : row.subtotal), 0);

describe('coverTickets: a pass pays for some of the tickets', () => {
  it('two tickets at 20.00 with 10 % VAT included, one covered: the buyer pays 20.00, the pass row reads -20.00', () => {
    const base = priceReservation({ currency: 'CHF', vatPercentage: 10, vatIncluded: true, tickets: [{ categoryId: 1, price: 2000 }, { categoryId: 1, price: 2000 }], code: null, services: [] });
    const price = coverTickets(base, { ...pass, ticketIndexes: [1] });
    // the covered ticket: discount 2000, VAT 0, paid 0; the other: VAT 2000 * 10 / 110 = 181.8 -> 182.
    expect(price.tickets[1]).toMatchObject({ srcPrice: 2000, discount: 2000, vat: 0, finalPrice: 0 });
    expect(price.totals).toEqual({ priceWithVat: 2000, vat: 182, discount: -2000, discountAppliedCount: 0, currency: 'CHF' });
    expect(price.requiresPayment).toBe(true);
    const row = price.summary.at(-1)!;
    expect(row).toEqual({ type: 'APPLIED_SUBSCRIPTION', subscriptionId: 'pass-1', title: pass.title, quantity: 1, unitPrice: 2000, subtotal: 2000, taxPercentage: null });
    expect(summaryRowText(row, { money, percent: String, name: () => 'Season pass' })).toEqual({
      name: 'Season pass',
      amount: 1,
      price: '-20.00',
      subTotal: '-20.00',
      type: 'APPLIED_SUBSCRIPTION',
      taxPercentage: null,
    });
    // the ticket row still lists both tickets at their list price
    expect(price.summary[0]).toMatchObject({ type: 'TICKET', quantity: 2, subtotal: 4000 });
  });

  it('every ticket covered: free, and the price without the pass is untouched', () => {
    const base = priceReservation({ currency: 'EUR', vatPercentage: 0, vatIncluded: true, tickets: [{ categoryId: 1, price: 1500 }], code: null, services: [] });
    const price = coverTickets(base, { ...pass, ticketIndexes: [0] });
    expect(price.totals.priceWithVat).toBe(0);
    expect(price.requiresPayment).toBe(false);
    expect(base.totals.priceWithVat).toBe(1500);
    expect(base.summary.map((r) => r.type)).toEqual(['TICKET']);
  });

  it('a 5.00-per-ticket code on two 20.00 tickets, one covered: the code keeps 5.00 on the other, the pass takes the covered 20.00', () => {
    const base = priceReservation({
      currency: 'CHF',
      vatPercentage: 0,
      vatIncluded: true,
      tickets: [{ categoryId: 1, price: 2000 }, { categoryId: 1, price: 2000 }],
      code: promoCode({ discountType: 'FIXED_AMOUNT', discountAmount: 500 }),
      services: [],
    });
    const price = coverTickets(base, { ...pass, ticketIndexes: [0] });
    // paid: 2000 - 500 = 1500; discount: 2000 (covered) + 500 = 2500.
    expect(price.totals).toMatchObject({ priceWithVat: 1500, discount: -2500, discountAppliedCount: 1 });
    expect(price.summary.find((r) => r.type === 'PROMOTION_CODE')).toMatchObject({ quantity: 1, subtotal: -500 });
    expect(price.summary.at(-1)).toMatchObject({ type: 'APPLIED_SUBSCRIPTION', quantity: 1, subtotal: 2000 });
    // the rows add up to what is paid: 40.00 - 5.00 - 20.00
    expect(rowsTotal(price)).toBe(price.totals.priceWithVat);
  });

  it('a code and a pass on the one ticket: the code absorbed, the rows still add up to nothing to pay', () => {
    const base = priceReservation({ currency: 'CHF', vatPercentage: 0, vatIncluded: true, tickets: [{ categoryId: 1, price: 5000 }], code: promoCode({ discountType: 'FIXED_AMOUNT', discountAmount: 1000 }), services: [] });
    const price = coverTickets(base, { ...pass, ticketIndexes: [0] });
    expect(price.totals.priceWithVat).toBe(0);
    expect(price.summary.map((r) => [r.type, r.subtotal])).toEqual([['TICKET', 5000], ['PROMOTION_CODE', 0], ['APPLIED_SUBSCRIPTION', 5000]]);
    expect(rowsTotal(price)).toBe(0);
  });

  it('leaves supplements as priced, and a reservation-wide amount never above what is left', () => {
    const parking = supplement({ price: 500 });
    const base = priceReservation({
      currency: 'CHF',
      vatPercentage: 0,
      vatIncluded: true,
      tickets: [{ categoryId: 1, price: 1000 }],
      code: promoCode({ discountType: 'FIXED_AMOUNT_RESERVATION', discountAmount: 800 }),
      services: [{ service: parking, quantity: 1, amount: null }],
    });
    // before: 1000 + 500 - 800 = 700
    expect(base.totals.priceWithVat).toBe(700);
    const price = coverTickets(base, { ...pass, ticketIndexes: [0] });
    // after: the ticket is the pass's; 500 left for the code's 800: it takes 500, the parking is free too.
    expect(price.totals).toMatchObject({ priceWithVat: 0, discount: -1500 });
    expect(price.reservationDiscount).toBe(500);
    expect(price.items[0]).toMatchObject({ srcPrice: 500, discount: 0 });
  });

  it('refuses indexes that are not tickets of the order', () => {
    const base = priceReservation({ currency: 'CHF', vatPercentage: 0, vatIncluded: true, tickets: [{ categoryId: 1, price: 1000 }], code: null, services: [] });
    expect(() => coverTickets(base, { ...pass, ticketIndexes: [1] })).toThrow(RangeError);
    expect(() => coverTickets(base, { ...pass, ticketIndexes: [0, 0] })).toThrow(RangeError);
  });
});
