/** What sales sold or holds of one event, as the catalog shows availability from it. */
export interface EventSalesFigures {
  /** Seats sold or held per category id. */
  readonly takenByCategory: ReadonlyMap<number, number>;
  /** Categories with seats held by reservations not yet paid ("all tickets reserved"). */
  readonly pendingCategoryIds: ReadonlySet<number>;
  /** Confirmed uses per promo code. */
  readonly codeUsages: ReadonlyMap<string, number>;
  /** Items sold per additional service id. */
  readonly soldByService: ReadonlyMap<number, number>;
}

/**
 * The sales figures other contexts read (the catalog's availability, tickets left, sold-out flags). An abstract
 * class so it is its own injection token: the composition provides the sales context's implementation.
 */
export abstract class SalesFigures {
  /**
   * The event's figures now. An answer is never changed afterwards: new figures come as a new object, and
   * the same object again means nothing changed (the catalog keeps views under its identity, ViewMemo).
   */
  abstract forEvent(shortName: string): Promise<EventSalesFigures>;
  abstract subscriptionsSold(descriptorId: string): Promise<number>;
}
