import { DomainError } from '@ticketing/kernel';
import { describe, expect, it } from 'vitest';
import { priceReservation } from './price-reservation.js';
import { donation, percentageFee, promoCode, supplement } from './pricing.fixtures.js';
import type { PriceReservationInput, ServiceSelection } from './reservation-price.js';

// Worked examples: every figure below is worked out by hand in the comment next to it (minor units).

const input = (overrides: Partial<PriceReservationInput> = {}): PriceReservationInput => ({
  currency: 'CHF',
  vatPercentage: 1,
  vatIncluded: true,
  tickets: [{ categoryId: 1, price: 1000 }],
  code: null,
  services: [],
  ...overrides,
});
const tickets = (...prices: number[]) => prices.map((price) => ({ categoryId: 1, price }));
const take = (service: ServiceSelection['service'], quantity = 1, amount: number | null = null): ServiceSelection => ({ service, quantity, amount });

describe('priceReservation: event VAT', () => {
  it('10.00 with 1 % VAT included: total 10.00, VAT 0.10', () => {
    const price = priceReservation(input());
    // vat = 1000 * 1 / 101 = 9.90 -> 10; the buyer pays the list price.
    expect(price.totals).toEqual({ priceWithVat: 1000, vat: 10, discount: 0, discountAppliedCount: 0, currency: 'CHF' });
    expect(price.tickets).toEqual([{ categoryId: 1, srcPrice: 1000, discount: 0, vat: 10, finalPrice: 1000, vatRule: { mode: 'INCLUDED', percentage: 1 } }]);
    expect(price.requiresPayment).toBe(true);
    expect(price.srcPrice).toBe(1000);
  });

  it('10.00 with 1 % VAT not included: total 10.10, VAT 0.10', () => {
    const price = priceReservation(input({ vatIncluded: false }));
    // vat = 1000 * 1 % = 10, added on top.
    expect(price.totals).toMatchObject({ priceWithVat: 1010, vat: 10 });
    expect(price.tickets[0]).toMatchObject({ srcPrice: 1000, vat: 10, finalPrice: 1010 });
  });

  it('a hidden category at 1.00: total 1.00 (VAT included) or 1.01 (not included)', () => {
    // included: 100 * 1 / 101 = 0.99 -> 1; not included: 100 * 1 % = 1 -> 101.
    expect(priceReservation(input({ tickets: tickets(100) })).totals).toMatchObject({ priceWithVat: 100, vat: 1 });
    expect(priceReservation(input({ tickets: tickets(100), vatIncluded: false })).totals).toMatchObject({ priceWithVat: 101, vat: 1 });
  });

  it('CHF 45.00 with 7.7 % VAT included holds 3.22 of VAT; three tickets hold 9.65, computed once on the total', () => {
    // 4500 * 7.7 / 107.7 = 321.73 -> 322.
    expect(priceReservation(input({ vatPercentage: 7.7, tickets: tickets(4500) })).totals).toMatchObject({ priceWithVat: 4500, vat: 322 });
    // 13500 * 7.7 / 107.7 = 965.18 -> 965, not 3 x 322 = 966.
    const three = priceReservation(input({ vatPercentage: 7.7, tickets: tickets(4500, 4500, 4500) }));
    expect(three.totals).toMatchObject({ priceWithVat: 13500, vat: 965 });
    expect(three.tickets.map((t) => t.vat)).toEqual([322, 322, 322]);
  });

  it('22 % VAT excluded on two tickets of 12.34: VAT 5.43 on 24.68, total 30.11', () => {
    const price = priceReservation(input({ vatPercentage: 22, vatIncluded: false, tickets: tickets(1234, 1234) }));
    // 2468 * 22 % = 542.96 -> 543; 2468 + 543 = 3011. Per ticket 1234 * 22 % = 271.48 -> 271, final 1505.
    expect(price.totals).toMatchObject({ priceWithVat: 3011, vat: 543 });
    expect(price.tickets[0]).toMatchObject({ vat: 271, finalPrice: 1505 });
    expect(price.vatSubtotals).toEqual([{ vatRule: { mode: 'NOT_INCLUDED', percentage: 22 }, taxable: 2468, vat: 543, gross: 3011, reservationDiscount: 0 }]);
  });

  it('a free reservation requires no payment', () => {
    const price = priceReservation(input({ tickets: tickets(0, 0) }));
    expect(price.totals).toMatchObject({ priceWithVat: 0, vat: 0 });
    expect(price.requiresPayment).toBe(false);
  });
});

describe('priceReservation: discount codes', () => {
  it('a 10 % code on 10.00 with 1 % VAT included: total 9.00, VAT 0.09; not included: 9.09', () => {
    const price = priceReservation(input({ code: promoCode({ discountAmount: 10 }) }));
    // discount 1000 * 10 % = 100; taxable 900; vat 900 / 101 = 8.91 -> 9.
    expect(price.totals).toEqual({ priceWithVat: 900, vat: 9, discount: -100, discountAppliedCount: 1, currency: 'CHF' });
    expect(price.tickets[0]).toMatchObject({ srcPrice: 1000, discount: 100, vat: 9, finalPrice: 900 });
    // net 900 + 900 * 1 % = 9 -> 909.
    expect(priceReservation(input({ vatIncluded: false, code: promoCode() })).totals).toMatchObject({ priceWithVat: 909, vat: 9 });
  });

  it('a 10 % code naming one category of two lowers only that one', () => {
    const price = priceReservation(
      input({ vatPercentage: 8.1, tickets: [{ categoryId: 1, price: 2000 }, { categoryId: 2, price: 3000 }], code: promoCode({ categoryIds: [2] }) }),
    );
    // category 2: 3000 * 10 % = 300; taxable 2000 + 2700 = 4700; vat 4700 * 8.1 / 108.1 = 352.17 -> 352.
    expect(price.tickets.map((t) => t.discount)).toEqual([0, 300]);
    expect(price.totals).toMatchObject({ priceWithVat: 4700, vat: 352, discount: -300, discountAppliedCount: 1 });
  });

  it('a percentage rounds half up per ticket: 10 % of 9.95 is 1.00', () => {
    // 995 * 10 % = 99.5 -> 100; taxable 895; vat 895 / 101 = 8.86 -> 9.
    expect(priceReservation(input({ tickets: tickets(995), code: promoCode() })).totals).toMatchObject({ priceWithVat: 895, vat: 9, discount: -100 });
  });

  it('a fixed amount per ticket larger than the price is capped at the price', () => {
    const code = promoCode({ discountType: 'FIXED_AMOUNT', discountAmount: 500 });
    const price = priceReservation(input({ vatPercentage: 0, tickets: [{ categoryId: 1, price: 300 }, { categoryId: 2, price: 1000 }], code }));
    // 300 -> discount 300 (capped), final 0; 1000 -> discount 500, final 500. Two tickets discounted.
    expect(price.tickets.map((t) => [t.discount, t.finalPrice])).toEqual([[300, 0], [500, 500]]);
    expect(price.totals).toMatchObject({ priceWithVat: 500, vat: 0, discount: -800, discountAppliedCount: 2 });
    const alone = priceReservation(input({ tickets: tickets(300), code }));
    expect(alone.totals).toMatchObject({ priceWithVat: 0, vat: 0, discount: -300 });
    expect(alone.requiresPayment).toBe(false);
  });

  it('a reservation-wide amount may exceed one ticket: 2 x 10.00 less 15.00 is 5.00', () => {
    const price = priceReservation(input({ tickets: tickets(1000, 1000), code: promoCode({ discountType: 'FIXED_AMOUNT_RESERVATION', discountAmount: 1500 }) }));
    // taxable 2000 - 1500 = 500; vat 500 / 101 = 4.95 -> 5. Tickets keep their own price: the discount is the reservation's.
    expect(price.totals).toEqual({ priceWithVat: 500, vat: 5, discount: -1500, discountAppliedCount: 1, currency: 'CHF' });
    expect(price.reservationDiscount).toBe(1500);
    expect(price.tickets.map((t) => t.discount)).toEqual([0, 0]);
    expect(price.requiresPayment).toBe(true);
  });

  it('a reservation-wide amount comes off the net price when VAT is not included', () => {
    const code = promoCode({ discountType: 'FIXED_AMOUNT_RESERVATION', discountAmount: 1500 });
    // net 2000 - 1500 = 500; vat 500 * 22 % = 110; total 610.
    expect(priceReservation(input({ vatPercentage: 22, vatIncluded: false, tickets: tickets(1000, 1000), code })).totals).toMatchObject({ priceWithVat: 610, vat: 110, discount: -1500 });
  });

  it('a reservation-wide amount larger than the reservation gives 0, never less, and reports what it took', () => {
    const code = promoCode({ discountType: 'FIXED_AMOUNT_RESERVATION', discountAmount: 5000 });
    const price = priceReservation(input({ tickets: tickets(1000, 1000), code }));
    // min(5000, 2000) = 2000 applied.
    expect(price.totals).toMatchObject({ priceWithVat: 0, vat: 0, discount: -2000, discountAppliedCount: 1 });
    expect(price.requiresPayment).toBe(false);
    // A donation is a gift, not a sale: the code leaves it to be paid.
    const withGift = priceReservation(input({ tickets: tickets(1000, 1000), code, services: [take(donation(), 1, 500)] }));
    expect(withGift.totals).toMatchObject({ priceWithVat: 500, vat: 0, discount: -2000 });
  });

  it('an ACCESS code changes no price', () => {
    const price = priceReservation(input({ code: promoCode({ type: 'ACCESS', discountType: 'NONE', discountAmount: 0, categoryIds: [1] }) }));
    expect(price.totals).toMatchObject({ priceWithVat: 1000, discount: 0, discountAppliedCount: 0 });
    expect(price.summary.map((row) => row.type)).toEqual(['TICKET']);
  });

  it('refuses a code valid in another currency, and takes one in the same currency whatever its case', () => {
    const refused = () => priceReservation(input({ code: promoCode({ currency: 'EUR' }) }));
    expect(refused).toThrow(DomainError);
    expect(refused).toThrow(expect.objectContaining({ code: 'error.STEP_1_CODE_NOT_FOUND', field: 'promoCode' }));
    expect(priceReservation(input({ code: promoCode({ currency: 'chf' }) })).totals.priceWithVat).toBe(900);
  });
});

describe('priceReservation: currencies without minor digits', () => {
  it('JPY: 999 yen with 10 % VAT included, and with a 15 % code', () => {
    // 999 * 10 / 110 = 90.82 -> 91 yen.
    expect(priceReservation(input({ currency: 'JPY', vatPercentage: 10, tickets: tickets(999) })).totals).toMatchObject({ priceWithVat: 999, vat: 91, currency: 'JPY' });
    // 999 * 15 % = 149.85 -> 150; taxable 849; 849 * 10 / 110 = 77.18 -> 77.
    const discounted = priceReservation(input({ currency: 'JPY', vatPercentage: 10, tickets: tickets(999), code: promoCode({ discountAmount: 15 }) }));
    expect(discounted.totals).toMatchObject({ priceWithVat: 849, vat: 77, discount: -150 });
  });
});

describe('priceReservation: supplements and donations', () => {
  it('a percentage code lowers a fixed-price supplement but not a donation', () => {
    const price = priceReservation(input({ code: promoCode(), services: [take(supplement({ price: 500 }), 2), take(donation(), 1, 1234)] }));
    // tickets: 1000 - 100; parking 2 x (500 - 50); donation 1234 untouched (VAT NONE).
    // VAT INCLUDED 1 %: 900 + 900 = 1800 -> 1800 / 101 = 17.82 -> 18. Total 1800 + 1234 = 3034.
    expect(price.items.map((item) => [item.serviceType, item.srcPrice, item.discount, item.finalPrice])).toEqual([
      ['SUPPLEMENT', 500, 50, 450],
      ['SUPPLEMENT', 500, 50, 450],
      ['DONATION', 1234, 0, 1234],
    ]);
    expect(price.totals).toMatchObject({ priceWithVat: 3034, vat: 18, discount: -200, discountAppliedCount: 1 });
  });

  it('a percentage code naming some categories still lowers every fixed-price supplement, a per-ticket fee included, as alf.io does', () => {
    // alf.io prices a supplement item with the reservation's code whatever categories the code names
    // (AdditionalServiceItemPriceContainer.from: a PERCENTAGE DISCOUNT code, any item but a donation; no category
    // check): the demo Winter Festival's WINTER10 (10 % on two of its categories) on 2 passes of 149.00 with their
    // cleaning fees of 4.00 takes 29.80 + 0.80 = 30.60, and with 4 T-shirts of 35.00 and a parking of 30.00 on top 47.60.
    const winter10 = promoCode({ categoryIds: [1, 4] });
    const fee = supplement({ id: 20, supplementPolicy: 'MANDATORY_ONE_FOR_TICKET', price: 400 });
    const passes = { vatPercentage: 8.1, tickets: tickets(14900, 14900), code: winter10 };
    expect(priceReservation(input({ ...passes, services: [take(fee, 2)] })).totals.discount).toBe(-3060);
    const all = priceReservation(input({ ...passes, services: [take(fee, 2), take(supplement({ id: 21, price: 3500 }), 4), take(supplement({ id: 22, price: 3000 }), 1)] }));
    expect(all.totals.discount).toBe(-4760);
    // a code naming other categories only lowers no ticket; the supplements still get it
    expect(priceReservation(input({ ...passes, code: promoCode({ categoryIds: [9] }), services: [take(fee, 2)] })).totals.discount).toBe(-80);
  });

  it('a fixed amount per ticket leaves supplements alone', () => {
    const price = priceReservation(input({ code: promoCode({ discountType: 'FIXED_AMOUNT', discountAmount: 200 }), services: [take(supplement())] }));
    expect(price.items[0]).toMatchObject({ srcPrice: 500, discount: 0 });
    expect(price.totals).toMatchObject({ priceWithVat: 1300, discount: -200, discountAppliedCount: 1 });
  });

  it('a donation takes the custom amount, clamped to its bounds', () => {
    const gift = donation({ minPrice: 100, maxPrice: 10000 });
    const price = priceReservation(input({ services: [take(gift, 1, 1234)] }));
    // 1000 ticket (vat 10) + 1234 donation (no VAT).
    expect(price.totals).toMatchObject({ priceWithVat: 2234, vat: 10 });
    expect(price.items[0]).toMatchObject({ serviceType: 'DONATION', srcPrice: 1234, discount: 0, vat: 0, finalPrice: 1234, ticketIndex: null });
    expect(priceReservation(input({ services: [take(gift, 1, 50)] })).items[0]?.srcPrice).toBe(100);
    expect(priceReservation(input({ services: [take(gift, 1, 20000)] })).items[0]?.srcPrice).toBe(10000);
    expect(() => priceReservation(input({ services: [take(gift, 1, null)] }))).toThrow(RangeError);
  });

  it('each supplement VAT type reaches the totals: inherited, none, its own rate included, its own rate added', () => {
    const services = [
      take(supplement({ id: 11, vatType: 'CUSTOM_EXCLUDED', vatPercentage: 7.7, price: 1000 })),
      take(supplement({ id: 12, vatType: 'CUSTOM_INCLUDED', vatPercentage: 2.5, price: 1000 })),
      take(supplement({ id: 13, vatType: 'NONE', price: 500 })),
    ];
    const price = priceReservation(input({ services }));
    // ticket INCLUDED 1 %: 1000 -> vat 9.90 -> 10, gross 1000
    // CUSTOM_EXCLUDED 7.7 %: net 1000 -> vat 77, gross 1077
    // CUSTOM_INCLUDED 2.5 %: 1000 * 2.5 / 102.5 = 24.39 -> 24, gross 1000
    // NONE: 500, no VAT
    // total 1000 + 1077 + 1000 + 500 = 3577; VAT 10 + 77 + 24 = 111
    expect(price.vatSubtotals.map((s) => [s.vatRule.mode, s.vatRule.percentage, s.taxable, s.vat, s.gross])).toEqual([
      ['INCLUDED', 1, 1000, 10, 1000],
      ['NOT_INCLUDED', 7.7, 1000, 77, 1077],
      ['INCLUDED', 2.5, 1000, 24, 1000],
      ['NONE', 0, 500, 0, 500],
    ]);
    expect(price.totals).toMatchObject({ priceWithVat: 3577, vat: 111 });
  });

  it('a reservation-wide amount is spread over the VAT rates in proportion, so each rate is taxed on what was paid', () => {
    const services = [
      take(supplement({ id: 11, vatType: 'CUSTOM_EXCLUDED', vatPercentage: 7.7, price: 1000 })),
      take(supplement({ id: 12, vatType: 'CUSTOM_INCLUDED', vatPercentage: 2.5, price: 1000 })),
      take(supplement({ id: 13, vatType: 'NONE', price: 500 })),
    ];
    const price = priceReservation(input({ services, code: promoCode({ discountType: 'FIXED_AMOUNT_RESERVATION', discountAmount: 700 }) }));
    // weights 1000 / 1000 / 1000 / 500 of 3500: shares 200 / 200 / 200 / 100.
    // taxable 800 -> 800 / 101 = 7.92 -> 8;  800 * 7.7 % = 61.6 -> 62, gross 862;  800 * 2.5 / 102.5 = 19.51 -> 20;  400 no VAT.
    // total 800 + 862 + 800 + 400 = 2862; VAT 8 + 62 + 20 = 90.
    expect(price.vatSubtotals.map((s) => [s.reservationDiscount, s.taxable, s.vat, s.gross])).toEqual([
      [200, 800, 8, 800],
      [200, 800, 62, 862],
      [200, 800, 20, 800],
      [100, 400, 0, 400],
    ]);
    expect(price.totals).toMatchObject({ priceWithVat: 2862, vat: 90, discount: -700 });
  });
});

describe('priceReservation: mandatory supplements', () => {
  const parking = take(supplement({ price: 500 }));
  const base = { vatPercentage: 0, tickets: tickets(1000, 1000) };

  it('a 5 % fee on the reservation is taken on tickets and supplements, then clamped to min / max', () => {
    // base 2000 + 500 = 2500; 5 % = 125.
    const fee = (overrides = {}) => take(percentageFee('MANDATORY_PERCENTAGE_RESERVATION', 5, overrides));
    const plain = priceReservation(input({ ...base, services: [parking, fee()] }));
    expect(plain.items.map((i) => i.srcPrice)).toEqual([500, 125]);
    expect(plain.totals.priceWithVat).toBe(2625);
    // clamped up to minPrice 200: 2500 + 200 = 2700; down to maxPrice 100: 2600.
    expect(priceReservation(input({ ...base, services: [parking, fee({ minPrice: 200 })] })).totals.priceWithVat).toBe(2700);
    expect(priceReservation(input({ ...base, services: [parking, fee({ maxPrice: 100 })] })).totals.priceWithVat).toBe(2600);
    // With 1 % VAT included, the fee bears VAT like the tickets: 2625 / 101 = 25.99 -> 26.
    expect(priceReservation(input({ ...base, vatPercentage: 1, services: [parking, fee()] })).totals).toMatchObject({ priceWithVat: 2625, vat: 26 });
  });

  it('a fee on tickets comes before optional items, a fee on the reservation after them, whatever the order given', () => {
    const onTickets = take(percentageFee('MANDATORY_PERCENTAGE_FOR_TICKET', 10, { id: 31 }));
    const onReservation = take(percentageFee('MANDATORY_PERCENTAGE_RESERVATION', 5, { id: 32 }));
    const price = priceReservation(input({ ...base, services: [onReservation, parking, onTickets] }));
    // on tickets: 2000 * 10 % = 200 (parking not included);
    // on the reservation: (2000 + 200 + 500) * 5 % = 135. Items keep the order given.
    expect(price.items.map((i) => [i.serviceId, i.srcPrice])).toEqual([
      [32, 135],
      [10, 500],
      [31, 200],
    ]);
    expect(price.totals.priceWithVat).toBe(2835); // 2000 + 135 + 500 + 200
  });

  it('a fee is taken on discounted prices, is not discounted again, and a code before VAT not included counts net', () => {
    const onTickets = take(percentageFee('MANDATORY_PERCENTAGE_FOR_TICKET', 10));
    const price = priceReservation(input({ vatPercentage: 1, vatIncluded: false, tickets: tickets(1000), code: promoCode(), services: [onTickets] }));
    // ticket net 900; fee 900 * 10 % = 90, no discount; net 990; VAT 990 * 1 % = 9.9 -> 10; total 1000.
    expect(price.items[0]).toMatchObject({ srcPrice: 90, discount: 0 });
    expect(price.totals).toMatchObject({ priceWithVat: 1000, vat: 10, discount: -100 });
  });

  it('one supplement per ticket belongs to its ticket', () => {
    const perTicket = supplement({ id: 40, supplementPolicy: 'MANDATORY_ONE_FOR_TICKET', price: 200 });
    const price = priceReservation(input({ ...base, tickets: tickets(1000, 1000, 1000), services: [take(perTicket, 3)] }));
    expect(price.items.map((i) => [i.ticketIndex, i.srcPrice])).toEqual([
      [0, 200],
      [1, 200],
      [2, 200],
    ]);
    expect(price.totals.priceWithVat).toBe(3600);
  });

  it('refuses a quantity that is not a count and a list price that is not whole minor units', () => {
    expect(() => priceReservation(input({ services: [take(supplement(), -1)] }))).toThrow(RangeError);
    expect(() => priceReservation(input({ services: [take(supplement(), 1.5)] }))).toThrow(RangeError);
    expect(() => priceReservation(input({ tickets: tickets(10.5) }))).toThrow(RangeError);
    expect(() => priceReservation(input({ tickets: tickets(-100) }))).toThrow(RangeError);
  });
});
