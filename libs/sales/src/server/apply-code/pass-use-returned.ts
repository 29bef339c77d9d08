import type { StreamAppend } from '@ticketing/event-store';
import type { SubscriptionPasses } from '@ticketing/subscriptions/contracts';
import { toAppend, type Provenance } from '../shared/event-data.js';

/**
 * The pass's part of an order's cancellation or expiry: the entries it paid for go back to the pass in the same
 * append as the order's end (a use that changed meanwhile fails that append on the pass's stream: the order is
 * cancelled or expired again on a fresh look). Nothing when no pass was applied.
 */
export async function passUseReturned(passes: SubscriptionPasses, subscriptionId: string | null, reservationId: string, metadata: Provenance): Promise<StreamAppend[]> {
  if (!subscriptionId) return [];
  const change = await passes.planUndoUse(subscriptionId, reservationId);
  return change ? [{ streamId: change.streamId, events: change.events.map((e) => toAppend(e, metadata)), expectedRevision: change.expectedRevision }] : [];
}
