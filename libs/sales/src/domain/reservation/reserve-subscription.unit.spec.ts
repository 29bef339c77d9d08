import { describe, expect, it } from 'vitest';
import { RuleViolations } from '@ticketing/kernel';
import type { SubscriptionDescriptor, SubscriptionOffer } from '@ticketing/catalog/contracts';
import { invoicingTerms, subscriptionDescriptor } from '@ticketing/testing/catalog-events';
import { decideReserveSubscription, subscriptionInventoryKey, type ReserveSubscription } from './reserve-subscription.js';

const now = new Date('2027-03-01T10:00:00.000Z');
const command: ReserveSubscription = { reservationId: 'r-1', subscriptionId: 's-1', descriptorId: 'd-1', language: 'en', ownerUserId: null, now };
const offer = (overrides: Partial<SubscriptionDescriptor> = {}, onSale = true): SubscriptionOffer => ({
  invoicing: invoicingTerms(),
  descriptor: subscriptionDescriptor({ id: 'd-1', price: 10_000, vatPercentage: 8, vatIncluded: true, allowedPaymentProxies: ['OFFLINE'], maxAvailable: 3, reservationValidityMinutes: 10, ...overrides }),
  organizer: null,
  onSale,
});
const codesOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof RuleViolations) return error.violations.map((v) => v.code);
    throw error;
  }
  return [];
};

describe('reserving a pass', () => {
  it('opens a reservation that names the pass and holds one against maxAvailable in the descriptor inventory', () => {
    const { opened, hold } = decideReserveSubscription(command, offer());
    expect(opened.data).toMatchObject({
      reservationId: 'r-1',
      eventShortName: 'subscription:d-1',
      validUntil: '2027-03-01T10:10:00.000Z',
      tickets: [],
      additionalServices: [],
      purchaseContext: { type: 'subscription', descriptorId: 'd-1', subscriptionId: 's-1' },
    });
    expect(opened.data.price.totals).toMatchObject({ priceWithVat: 10_000, vat: 741 });
    expect(hold).toMatchObject({ eventShortName: subscriptionInventoryKey('d-1'), tickets: [{ categoryId: 0, quantity: 1 }], expiresAt: opened.data.validUntil });
    expect(hold.limits.totalSeats).toBe(3);
  });

  it('adds VAT to a price that excludes it, and leaves an unlimited descriptor unbounded', () => {
    const { opened, hold } = decideReserveSubscription(command, offer({ vatIncluded: false, maxAvailable: null }));
    expect(opened.data.price.totals).toMatchObject({ priceWithVat: 10_800, vat: 800 });
    expect(hold.limits.totalSeats).toBeNull();
  });

  it('is sold out when the descriptor is not on sale', () => {
    expect(codesOf(() => decideReserveSubscription(command, offer({}, false)))).toEqual(['show-subscription.sold-out.message']);
  });

  it('refuses a paid pass with no way to pay, not a free one', () => {
    expect(codesOf(() => decideReserveSubscription(command, offer({ allowedPaymentProxies: [] })))).toEqual(['error.STEP_1_CATEGORIES_NOT_COMPATIBLE']);
    expect(codesOf(() => decideReserveSubscription(command, offer({ allowedPaymentProxies: [], price: 0 })))).toEqual([]);
  });

  it('never names an event inventory: short names have no colon', () => {
    expect(subscriptionInventoryKey('d-1')).not.toMatch(/^[A-Za-z0-9][A-Za-z0-9_-]*$/);
  });
});
