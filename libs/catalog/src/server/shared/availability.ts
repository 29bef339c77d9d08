import type { Capacity, TicketCategory } from '@ticketing/catalog/contracts';
import type { EventSalesFigures } from '@ticketing/sales/contracts';

/**
 * Seats left, from the catalog's capacities and the seats sales has taken. A category sells from its
 * capacity (shared with other categories) and, when the event caps its total, from that cap too; an
 * unbounded category without a cap never runs out (Infinity).
 */
export class Availability {
  private readonly capacityLeft = new Map<number, number>();
  private readonly totalLeft: number | null;

  constructor(
    private readonly categories: readonly TicketCategory[],
    capacities: readonly Capacity[],
    totalSeats: number | null,
    private readonly figures: EventSalesFigures,
  ) {
    const taken = (c: TicketCategory) => figures.takenByCategory.get(c.id) ?? 0;
    for (const capacity of capacities) {
      const used = categories.filter((c) => c.capacityId === capacity.id).reduce((sum, c) => sum + taken(c), 0);
      this.capacityLeft.set(capacity.id, capacity.size - used);
    }
    this.totalLeft = totalSeats === null ? null : totalSeats - categories.reduce((sum, c) => sum + taken(c), 0);
  }

  /** Seats this category can still sell (never below 0). */
  forCategory(category: TicketCategory): number {
    // a capacity that is gone (removed from the catalog) sells nothing rather than everything
    const fromCapacity = category.capacityId === null ? Infinity : (this.capacityLeft.get(category.capacityId) ?? 0);
    const fromTotal = this.totalLeft ?? Infinity;
    return Math.max(0, Math.min(fromCapacity, fromTotal));
  }

  isPending(category: TicketCategory): boolean {
    return this.figures.pendingCategoryIds.has(category.id);
  }

  /**
   * Tickets left over the whole event for the "tickets left" indicator: the cap when there is one, else
   * the capacities that public categories sell from; null when a public category is unlimited.
   */
  forEvent(): number | null {
    if (this.totalLeft !== null) return Math.max(0, this.totalLeft);
    const visible = this.categories.filter((c) => !c.accessRestricted);
    if (visible.some((c) => c.capacityId === null)) return null;
    const used = new Set(visible.map((c) => c.capacityId as number));
    return [...used].reduce((sum, id) => sum + Math.max(0, this.capacityLeft.get(id) ?? 0), 0);
  }
}
