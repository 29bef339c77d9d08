import type { SubscriptionIssued, SubscriptionUsed, SubscriptionUseUndone } from '@ticketing/subscriptions/contracts';

export type { SubscriptionUsed, SubscriptionUseUndone };

/** The events of a `subscription-{uuid}` stream (SubscriptionPinTaken lives on the PIN's own stream). */
export type SubscriptionEvent = SubscriptionIssued | SubscriptionUsed | SubscriptionUseUndone;

export const subscriptionEventTypes = ['SubscriptionIssued', 'SubscriptionUsed', 'SubscriptionUseUndone'] as const satisfies readonly SubscriptionEvent['type'][];

// Fails to compile when an event type is missing from the list above.
type Unlisted = Exclude<SubscriptionEvent['type'], (typeof subscriptionEventTypes)[number]>;
const everyTypeListed: Unlisted extends never ? true : never = true;
void everyTypeListed;
