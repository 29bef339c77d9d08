import type { DomainEvent } from '@ticketing/kernel';
import type { SubscriptionIssued } from '@ticketing/subscriptions/contracts';

/**
 * An order pays for `entries` of its tickets (all of one event) with the pass. It states the order's whole use,
 * not an increment: a later SubscriptionUsed of the same order replaces it.
 */
export type SubscriptionUsed = DomainEvent<
  'SubscriptionUsed',
  { readonly subscriptionId: string; readonly reservationId: string; readonly eventShortName: string; readonly entries: number }
>;

/** The order gave its use back (remove-code, or the order expired or was cancelled): those entries are free again. */
export type SubscriptionUseUndone = DomainEvent<
  'SubscriptionUseUndone',
  { readonly subscriptionId: string; readonly reservationId: string; readonly eventShortName: string; readonly entries: number }
>;

/** The events of a `subscription-{uuid}` stream (SubscriptionPinTaken lives on the PIN's own stream). */
export type SubscriptionEvent = SubscriptionIssued | SubscriptionUsed | SubscriptionUseUndone;

export const subscriptionEventTypes = ['SubscriptionIssued', 'SubscriptionUsed', 'SubscriptionUseUndone'] as const satisfies readonly SubscriptionEvent['type'][];

// Fails to compile when an event type is missing from the list above.
type Unlisted = Exclude<SubscriptionEvent['type'], (typeof subscriptionEventTypes)[number]>;
const everyTypeListed: Unlisted extends never ? true : never = true;
void everyTypeListed;
