import type { Organizer } from './catalog.events.js';
import type { PurchaseOffer, SubscriptionOffer } from './purchase-offer.js';

/** Whether an event's waiting list takes entries now, as the event page shows it (`waitingList`, `preSales`). */
export interface WaitingListAvailability {
  /** Why the list takes entries now, or null when it takes none (list disabled, not sold out, no pre-sales). */
  readonly open: 'SOLD_OUT' | 'PRE_SALES' | null;
  /** The categories offered to the list (`ticketCategoriesForWaitingList`). */
  readonly categoryIds: readonly number[];
}

/**
 * The catalog's query surface for other contexts: what can be bought, on what terms, right now. An abstract
 * class so it is its own injection token; the composition provides the catalog's implementation.
 */
export abstract class CatalogOffers {
  /**
   * What the catalog says about buying from one event at `now` with the buyer's code, computed by the rules
   * that render the event page; null when there is no such event on sale.
   */
  abstract purchaseOffer(eventShortName: string, code: string | null, now: Date): Promise<PurchaseOffer | null>;
  /** The event's waiting list as the event page offers it; null when there is no such event. */
  abstract waitingListAvailability(eventShortName: string): Promise<WaitingListAvailability | null>;
  /** Whether a subscription (pass) with this id is published. */
  abstract subscriptionExists(id: string): Promise<boolean>;
  /** A subscription descriptor with its organizer and whether it is on sale at `now`; null when unknown. */
  abstract subscriptionOffer(id: string, now: Date): Promise<SubscriptionOffer | null>;
  /** The organizer as published (its payment accounts among the rest); null when unknown. */
  abstract organizer(slug: string): Promise<Organizer | null>;
}
