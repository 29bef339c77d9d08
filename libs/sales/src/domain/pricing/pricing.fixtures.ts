import type { AdditionalService, PromoCode } from '@ticketing/catalog';

/** Builders for pricing specs: complete catalog values with the overrides a spec cares about. */

export function promoCode(overrides: Partial<PromoCode> = {}): PromoCode {
  return {
    code: 'SPRING',
    type: 'DISCOUNT',
    discountType: 'PERCENTAGE',
    discountAmount: 10,
    validFrom: null,
    validTo: null,
    maxUsage: null,
    categoryIds: [],
    currency: null,
    description: null,
    ...overrides,
  };
}

export function supplement(overrides: Partial<AdditionalService> = {}): AdditionalService {
  return {
    id: 10,
    key: 'parking',
    type: 'SUPPLEMENT',
    title: { en: 'Parking' },
    description: {},
    supplementPolicy: 'OPTIONAL_UNLIMITED_AMOUNT',
    fixPrice: true,
    price: 500,
    percentage: null,
    minPrice: null,
    maxPrice: null,
    availableQuantity: 999,
    maxQtyPerOrder: 5,
    sale: { start: null, end: null },
    vatType: 'INHERITED',
    vatPercentage: null,
    ordinal: 0,
    ...overrides,
  };
}

export function donation(overrides: Partial<AdditionalService> = {}): AdditionalService {
  return supplement({ id: 20, key: 'donation', type: 'DONATION', title: { en: 'Donation' }, supplementPolicy: null, fixPrice: false, price: 1000, vatType: 'NONE', ...overrides });
}

export function percentageFee(policy: 'MANDATORY_PERCENTAGE_FOR_TICKET' | 'MANDATORY_PERCENTAGE_RESERVATION', percentage: number, overrides: Partial<AdditionalService> = {}): AdditionalService {
  return supplement({ id: 30, key: 'fee', title: { en: 'Booking fee' }, supplementPolicy: policy, fixPrice: false, price: 0, percentage, ...overrides });
}
