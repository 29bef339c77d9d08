import { describe, expect, it } from 'vitest';
import { eventDetails, promoCode, ticketCategory } from '@ticketing/testing/catalog-events';
import { discountAppliesTo, isCodeUsable, itemDiscount, revealsCategory } from './promo-code-rules.js';

describe('promo code rules', () => {
  it('rounds a percentage discount half up to the minor unit and never beyond the price', () => {
    expect(itemDiscount(1000, promoCode({ discountAmount: 10 }))).toBe(100);
    expect(itemDiscount(995, promoCode({ discountAmount: 10 }))).toBe(100); // 99.5 -> 100
    expect(itemDiscount(994, promoCode({ discountAmount: 10 }))).toBe(99); // 99.4 -> 99
    expect(itemDiscount(500, promoCode({ discountAmount: 100 }))).toBe(500);
  });

  it('caps a fixed amount at the price and gives nothing per item for a reservation-wide amount', () => {
    expect(itemDiscount(300, promoCode({ discountType: 'FIXED_AMOUNT', discountAmount: 500 }))).toBe(300);
    expect(itemDiscount(1000, promoCode({ discountType: 'FIXED_AMOUNT', discountAmount: 500 }))).toBe(500);
    expect(itemDiscount(1000, promoCode({ discountType: 'FIXED_AMOUNT_RESERVATION', discountAmount: 500 }))).toBe(0);
  });

  it('applies a discount to the categories it names, or all; an access code reveals only the ones it names', () => {
    const regular = ticketCategory({ id: 1 });
    const vip = ticketCategory({ id: 2, accessRestricted: true });
    expect(discountAppliesTo(promoCode({ categoryIds: [] }), vip)).toBe(true);
    expect(discountAppliesTo(promoCode({ categoryIds: [2] }), regular)).toBe(false);
    const access = promoCode({ type: 'ACCESS', discountType: 'NONE', categoryIds: [2] });
    expect(discountAppliesTo(access, vip)).toBe(false);
    expect(revealsCategory(access, vip)).toBe(true);
    expect(revealsCategory(access, regular)).toBe(false);
  });

  it('uses a code only inside its window, in the event zone, in the event currency, and while uses are left', () => {
    const event = eventDetails({ timeZone: 'Europe/Zurich', currency: 'CHF' });
    const at = (iso: string) => new Date(iso);
    const windowed = promoCode({ validFrom: '2030-01-10T00:00:00', validTo: '2030-01-20T23:59:00' });
    expect(isCodeUsable(windowed, event, at('2030-01-09T22:59:00Z'), 0)).toBe(false); // 23:59 on the 9th in Zurich
    expect(isCodeUsable(windowed, event, at('2030-01-09T23:00:00Z'), 0)).toBe(true); // midnight in Zurich
    expect(isCodeUsable(windowed, event, at('2030-01-20T23:00:00Z'), 0)).toBe(false);
    expect(isCodeUsable(promoCode({ currency: 'EUR' }), event, at('2030-01-15T00:00:00Z'), 0)).toBe(false);
    expect(isCodeUsable(promoCode({ currency: 'CHF', maxUsage: 2 }), event, at('2030-01-15T00:00:00Z'), 1)).toBe(true);
    expect(isCodeUsable(promoCode({ maxUsage: 2 }), event, at('2030-01-15T00:00:00Z'), 2)).toBe(false);
  });
});
