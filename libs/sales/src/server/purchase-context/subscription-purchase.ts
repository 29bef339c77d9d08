import type { OpenedReservation } from '@ticketing/sales/domain';
import type { SubscriptionPasses } from '@ticketing/subscriptions/contracts';
import type { SubscriptionPurchase } from '../get-reservation/reservation-info.js';
import type { PurchaseOffers } from './purchase-offers.js';

/** A pass's order: its descriptor (which names its line) and, once issued, the pass; null for an event's order. */
export async function subscriptionPurchaseOf(offers: PurchaseOffers, passes: SubscriptionPasses, state: OpenedReservation, now: Date): Promise<SubscriptionPurchase | null> {
  const context = state.opened.purchaseContext;
  if (!context) return null;
  const [offer, pass] = await Promise.all([offers.subscriptionOf(state, now), passes.byId(context.subscriptionId)]);
  return offer && { offer, pass };
}
