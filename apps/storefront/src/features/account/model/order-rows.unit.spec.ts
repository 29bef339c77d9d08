import { describe, expect, it } from 'vitest';
import { orderTotal } from './order-rows';

describe('an order total on My orders', () => {
  it('has the digits of its currency: none for yen and krónur, two for francs, three for dinars', () => {
    expect(orderTotal({ finalPrice: 4500, currencyCode: 'JPY' })).toBe('JPY 4500');
    expect(orderTotal({ finalPrice: 7990, currencyCode: 'ISK' })).toBe('ISK 7990');
    expect(orderTotal({ finalPrice: 45.5, currencyCode: 'CHF' })).toBe('CHF 45.50');
    expect(orderTotal({ finalPrice: 1.25, currencyCode: 'BHD' })).toBe('BHD 1.250');
  });

  it('is none for a free order', () => {
    expect(orderTotal({ finalPrice: 0, currencyCode: 'CHF' })).toBeNull();
  });
});
