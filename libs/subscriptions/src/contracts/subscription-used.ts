import type { DomainEvent } from '@ticketing/kernel';

/**
 * An order pays for `entries` of its tickets (all of one event) with the pass. It states the order's whole use,
 * not an increment: a later SubscriptionUsed of the same order replaces it. Appended on the pass's stream in the
 * same append as the order's own SubscriptionApplied (see PassUseChange).
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
