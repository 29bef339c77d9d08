import type { AdditionalService, PromoCode } from '@ticketing/catalog/contracts';
// Tests only (never imported by domain code): the catalog's builders give complete values; these set the pricing specs' defaults.
import { additionalService, promoCode as catalogPromoCode } from '@ticketing/testing/catalog-events';

/** Builders for pricing specs: complete catalog values with the overrides a spec cares about. */

export function promoCode(overrides: Partial<PromoCode> = {}): PromoCode {
  return catalogPromoCode({ code: 'SPRING', ...overrides });
}

export function supplement(overrides: Partial<AdditionalService> = {}): AdditionalService {
  return additionalService({
    id: 10,
    title: { en: 'Parking' },
    description: {},
    supplementPolicy: 'OPTIONAL_UNLIMITED_AMOUNT',
    maxQtyPerOrder: 5,
    ordinal: 0,
    ...overrides,
  });
}

export function donation(overrides: Partial<AdditionalService> = {}): AdditionalService {
  return supplement({ id: 20, key: 'donation', type: 'DONATION', title: { en: 'Donation' }, supplementPolicy: null, fixPrice: false, price: 1000, vatType: 'NONE', ...overrides });
}

export function percentageFee(policy: 'MANDATORY_PERCENTAGE_FOR_TICKET' | 'MANDATORY_PERCENTAGE_RESERVATION', percentage: number, overrides: Partial<AdditionalService> = {}): AdditionalService {
  return supplement({ id: 30, key: 'fee', title: { en: 'Booking fee' }, supplementPolicy: policy, fixPrice: false, price: 0, percentage, ...overrides });
}
