import type { PassIssue, PassPurchase } from '@ticketing/subscriptions/contracts';
import { isPin } from '../pin/pin.js';
import { validityOf } from '../validity/validity-of.js';

/**
 * The events that create a pass (SubscriptionPasses.issue without the randomness): its terms from the descriptor
 * as it stands at purchase, the validity counted from `purchasedAt`, and the claim on its PIN (`pin` made by
 * pinOf from random bytes the caller draws, normalised already).
 */
export function issueSubscription(purchase: PassPurchase, pin: string): PassIssue {
  if (!isPin(pin)) throw new RangeError(`not a normalised PIN: ${pin}`);
  const { subscriptionId, descriptor, reservationId, subjectId, owner, purchasedAt } = purchase;
  const { validFrom, validTo } = validityOf(descriptor, purchasedAt);
  return {
    issued: {
      type: 'SubscriptionIssued',
      data: {
        subscriptionId,
        descriptorId: descriptor.id,
        organizerSlug: descriptor.organizerSlug,
        reservationId,
        pin,
        subjectId,
        owner,
        validFrom,
        validTo,
        maxEntries: descriptor.maxEntries,
        usageType: descriptor.usageType,
        compatibleEventShortNames: [...descriptor.compatibleEventShortNames],
        compatibleCategoryIds: Object.fromEntries(Object.entries(descriptor.compatibleCategoryIds ?? {}).map(([event, ids]) => [event, [...ids]])),
        purchasedAt: purchasedAt.toISOString(),
      },
    },
    pinTaken: { type: 'SubscriptionPinTaken', data: { organizerSlug: descriptor.organizerSlug, pin, subscriptionId } },
  };
}
