import { describe, expect, it } from 'vitest';
import { makeCategory, makeService } from '../../../test/catalog-fixtures';
import type { Selection } from './selection-rules';
import { EMPTY_SELECTION, isSelectable, maxServiceQuantity, parseAmount, quantityOptions, reservationForm, serviceMode, ticketQuantity } from './selection-rules';

const pick = (overrides: Partial<Selection>): Selection => ({ ...EMPTY_SELECTION, ...overrides });

describe('quantity options of a category (spec 5)', () => {
  it('go from 0 to maximumSaleableTickets', () => {
    expect(quantityOptions(5)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(quantityOptions(0)).toEqual([0]);
  });

  it('are offered only while the category is on sale with tickets left', () => {
    expect(isSelectable(makeCategory(1, 'A'))).toBe(true);
    expect(isSelectable(makeCategory(1, 'A', { saleableAndLimitNotReached: false, soldOutOrLimitReached: true }))).toBe(false);
    expect(isSelectable(makeCategory(1, 'A', { saleInFuture: true, saleableAndLimitNotReached: false }))).toBe(false);
    expect(isSelectable(makeCategory(1, 'A', { expired: true }))).toBe(false);
    expect(isSelectable(makeCategory(1, 'A', { maximumSaleableTickets: 0 }))).toBe(false);
  });

  it('bound a choice made before the categories reloaded with a lower maximum', () => {
    expect(ticketQuantity(pick({ tickets: { 1: 4 } }), makeCategory(1, 'A', { maximumSaleableTickets: 2 }))).toBe(2);
    expect(ticketQuantity(pick({ tickets: { 1: 4 } }), makeCategory(1, 'A', { saleableAndLimitNotReached: false }))).toBe(0);
  });
});

describe('supplement options (spec 5)', () => {
  it('per ticket: tickets chosen x maxQtyPerOrder, capped by what is left', () => {
    const tshirt = makeService(20, 'SUPPLEMENT', 'T-shirt', { supplementPolicy: 'OPTIONAL_MAX_AMOUNT_PER_TICKET', maxQtyPerOrder: 2, availableQuantity: 5 });
    expect(maxServiceQuantity(tshirt, 0)).toBe(0);
    expect(maxServiceQuantity(tshirt, 2)).toBe(4);
    expect(maxServiceQuantity(tshirt, 3)).toBe(5);
  });

  it('per reservation or without a policy: the lower of maxQtyPerOrder and what is left', () => {
    const parking = makeService(21, 'SUPPLEMENT', 'Parking', { supplementPolicy: 'OPTIONAL_MAX_AMOUNT_PER_RESERVATION', maxQtyPerOrder: 1, availableQuantity: 120 });
    expect(maxServiceQuantity(parking, 0)).toBe(1);
    expect(maxServiceQuantity(parking, 6)).toBe(1);
    const unlimited = makeService(22, 'SUPPLEMENT', 'Poster', { supplementPolicy: 'OPTIONAL_UNLIMITED_AMOUNT', maxQtyPerOrder: 10, availableQuantity: 3 });
    expect(maxServiceQuantity(unlimited, 1)).toBe(3);
    const donation = makeService(23, 'DONATION', 'Gift', { supplementPolicy: null, maxQtyPerOrder: 4 });
    expect(maxServiceQuantity(donation, 0)).toBe(4);
  });

  it('counts an unknown quantity as 999 (spec 9)', () => {
    const unknown = makeService(24, 'SUPPLEMENT', 'Sticker', { supplementPolicy: 'OPTIONAL_UNLIMITED_AMOUNT', maxQtyPerOrder: -1, availableQuantity: -1 });
    expect(maxServiceQuantity(unknown, 1)).toBe(999);
  });

  it('shows mandatory ones as included, unavailable ones as such, and custom amounts as an amount', () => {
    expect(serviceMode(makeService(1, 'SUPPLEMENT', 'Fee', { supplementPolicy: 'MANDATORY_ONE_FOR_TICKET' }))).toBe('included');
    expect(serviceMode(makeService(1, 'SUPPLEMENT', 'Fee', { supplementPolicy: 'MANDATORY_PERCENTAGE_RESERVATION' }))).toBe('included');
    expect(serviceMode(makeService(1, 'SUPPLEMENT', 'Sold out', { availableQuantity: 0 }))).toBe('unavailable');
    expect(serviceMode(makeService(1, 'SUPPLEMENT', 'Later', { saleInFuture: true }))).toBe('unavailable');
    expect(serviceMode(makeService(1, 'SUPPLEMENT', 'Over', { expired: true }))).toBe('unavailable');
    expect(serviceMode(makeService(1, 'DONATION', 'Gift', { fixPrice: false }))).toBe('amount');
    expect(serviceMode(makeService(1, 'SUPPLEMENT', 'T-shirt'))).toBe('quantity');
  });

  it('reads a custom amount as the text the server reads: 0 or more, at most 16 digits on either side of the point', () => {
    expect(parseAmount('12.50')).toBe('12.50');
    expect(parseAmount(' 7,5 ')).toBe('7.5');
    expect(parseAmount('0')).toBe('0');
    expect(parseAmount('0.0000001')).toBe('0.0000001');
    expect(parseAmount('1234567890123456.1234567890123456')).toBe('1234567890123456.1234567890123456');
    for (const refused of ['-3', '', 'ten', '1e-7', '1e3', '12345678901234567', '1.12345678901234567', '.5', '5.', '1 000', '+5']) {
      expect(parseAmount(refused), refused).toBeNull();
    }
  });
});

describe('the reserve-tickets body', () => {
  const categories = [makeCategory(1, 'Pass'), makeCategory(2, 'Day'), makeCategory(3, 'Gone', { saleableAndLimitNotReached: false, soldOutOrLimitReached: true })];
  const services = [
    makeService(20, 'SUPPLEMENT', 'T-shirt', { supplementPolicy: 'OPTIONAL_MAX_AMOUNT_PER_TICKET', maxQtyPerOrder: 1 }),
    makeService(21, 'SUPPLEMENT', 'Parking', { supplementPolicy: 'OPTIONAL_MAX_AMOUNT_PER_RESERVATION', maxQtyPerOrder: 1 }),
    makeService(22, 'SUPPLEMENT', 'Cleaning', { supplementPolicy: 'MANDATORY_ONE_FOR_TICKET' }),
    makeService(23, 'DONATION', 'Gift', { fixPrice: false }),
    makeService(24, 'DONATION', 'Nothing', { fixPrice: false }),
  ];

  it('sends the categories with tickets, and only services with a positive quantity or amount', () => {
    const selection = pick({ tickets: { 1: 2, 2: 0, 3: 4 }, quantities: { 20: 5, 21: 0, 22: 3 }, amounts: { 23: '12.50', 24: '0.00' } });
    expect(reservationForm(selection, { ticketCategories: categories, additionalServices: services }, 'WINTER10', 'captcha-token')).toEqual({
      reservation: [{ ticketCategoryId: 1, amount: 2 }],
      // the per-ticket T-shirt is capped at 2 tickets x 1; mandatory ones are booked by the server
      additionalService: [
        { additionalServiceId: 20, quantity: 2, amount: null },
        { additionalServiceId: 23, quantity: 1, amount: '12.50' },
      ],
      promoCode: 'WINTER10',
      captcha: 'captcha-token',
    });
  });

  it('sends an empty selection as empty lists', () => {
    expect(reservationForm(EMPTY_SELECTION, { ticketCategories: categories, additionalServices: services }, null)).toEqual({
      reservation: [],
      additionalService: [],
      promoCode: null,
      captcha: null,
    });
  });
});
