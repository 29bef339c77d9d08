import { describe, expect, it } from 'vitest';
import type { SubscriptionDescriptor } from '@ticketing/catalog/contracts';
import { subscriptionPinStreamId, subscriptionStreamId, type PassPurchase } from '@ticketing/subscriptions/contracts';
import { issueSubscription } from './issue-subscription.js';

const descriptor: SubscriptionDescriptor = {
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  organizerSlug: 'acme',
  isPublic: true,
  title: { en: 'Season pass' },
  description: { en: '' },
  contentLanguages: ['en'],
  imageFileId: null,
  price: 12_000,
  currency: 'CHF',
  vatPercentage: 8.1,
  vatIncluded: true,
  timeZone: 'Europe/Zurich',
  sale: { start: null, end: null },
  validityType: 'STANDARD',
  validityUnits: 1,
  validityTimeUnit: 'MONTHS',
  validFrom: null,
  validTo: null,
  usageType: 'ONCE_PER_EVENT',
  maxEntries: 5,
  maxAvailable: null,
  compatibleEventShortNames: ['jazz', 'rock'],
  privacyPolicyUrl: null,
  termsAndConditionsUrl: null,
  websiteUrl: null,
  allowedPaymentProxies: ['STRIPE'],
  displayPin: true,
  reservationValidityMinutes: 25,
};
const purchase: PassPurchase = {
  subscriptionId: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  descriptor,
  reservationId: 'r-1',
  subjectId: 'reservation-r-1',
  owner: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' },
  purchasedAt: new Date('2026-01-31T12:00:00.000Z'),
};

describe('issuing a pass', () => {
  it('fixes the terms sold and the validity from the purchase, and claims the PIN for the organizer', () => {
    expect(issueSubscription(purchase, '7K3M9P2Q')).toEqual({
      issued: {
        type: 'SubscriptionIssued',
        data: {
          subscriptionId: purchase.subscriptionId,
          descriptorId: descriptor.id,
          organizerSlug: 'acme',
          reservationId: 'r-1',
          pin: '7K3M9P2Q',
          subjectId: 'reservation-r-1',
          owner: purchase.owner,
          validFrom: '2026-01-31T12:00:00.000Z',
          validTo: '2026-02-28T22:59:59.000Z',
          maxEntries: 5,
          usageType: 'ONCE_PER_EVENT',
          compatibleEventShortNames: ['jazz', 'rock'],
          compatibleCategoryIds: {},
          purchasedAt: '2026-01-31T12:00:00.000Z',
        },
      },
      pinTaken: { type: 'SubscriptionPinTaken', data: { organizerSlug: 'acme', pin: '7K3M9P2Q', subscriptionId: purchase.subscriptionId } },
    });
  });
  it('freezes the categories the descriptor limits it to at purchase', () => {
    const limits: Record<string, number[]> = { jazz: [1, 3] };
    const { issued } = issueSubscription({ ...purchase, descriptor: { ...descriptor, compatibleCategoryIds: limits } }, '7K3M9P2Q');
    limits['jazz']!.push(4);
    limits['rock'] = [2];
    expect(issued.data.compatibleCategoryIds).toEqual({ jazz: [1, 3] });
  });
  it('takes only a normalised PIN', () => {
    expect(() => issueSubscription(purchase, '7k3m-9p2q')).toThrow(RangeError);
  });
  it("names the pass's stream by its id and the PIN's by organizer and PIN", () => {
    expect(subscriptionStreamId(purchase.subscriptionId)).toBe('subscription-3fa85f64-5717-4562-b3fc-2c963f66afa6');
    expect(subscriptionPinStreamId('acme', '7K3M9P2Q')).toBe('subscription-pin-acme-7K3M9P2Q');
    expect(subscriptionPinStreamId('acme', '7K3M9P2Q')).not.toBe(subscriptionPinStreamId('other', '7K3M9P2Q'));
  });
});
