/**
 * What the catalog's read side needs to know from sales (seats taken, codes used, passes sold) to show
 * availability. Sales is another context, not built yet: until it is, nothing is sold, and the catalog
 * shows its capacities whole. Sales provides a real implementation under CATALOG_SALES_FIGURES.
 */
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

export interface SalesFigures {
  /**
   * The event's figures now. An answer is never changed afterwards: new figures come as a new object, and
   * the same object again means nothing changed (the catalog keeps views under its identity, ViewMemo).
   */
  forEvent(shortName: string): Promise<EventSalesFigures>;
  subscriptionsSold(descriptorId: string): Promise<number>;
}

const nothingSold: EventSalesFigures = {
  takenByCategory: new Map(),
  pendingCategoryIds: new Set(),
  codeUsages: new Map(),
  soldByService: new Map(),
};

export const noSalesYet: SalesFigures = {
  forEvent: async () => nothingSold,
  subscriptionsSold: async () => 0,
};
