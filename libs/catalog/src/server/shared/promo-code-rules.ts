import { percentOf, zonedInstant } from '@ticketing/kernel';
import type { EventDetails, PromoCode, TicketCategory } from '@ticketing/catalog/contracts';

/**
 * When a code counts (reference 3.2, validate-code): inside its validity window (event time zone), not
 * used up, and in the event's currency when it names one. Unlike alf.io, the ticket-categories call uses
 * only codes that pass these rules, so an expired code no longer reveals or discounts anything.
 */
export function isCodeUsable(code: PromoCode, event: EventDetails, now: Date, usages: number): boolean {
  if (code.validFrom && zonedInstant(code.validFrom, event.timeZone).getTime() > now.getTime()) return false;
  if (code.validTo && zonedInstant(code.validTo, event.timeZone).getTime() < now.getTime()) return false;
  if (code.maxUsage !== null && usages >= code.maxUsage) return false;
  if (code.currency !== null && code.currency !== event.currency) return false;
  return true;
}

/** An ACCESS code shows the restricted categories it names. */
export function revealsCategory(code: PromoCode | null, category: TicketCategory): boolean {
  return code?.type === 'ACCESS' && code.categoryIds.includes(category.id);
}

/** Restricted categories stay hidden unless the buyer's ACCESS code names them. */
export function isVisible(category: TicketCategory, code: PromoCode | null): boolean {
  return !category.accessRestricted || revealsCategory(code, category);
}

/** A DISCOUNT code applies to the categories it names, or to all when it names none. */
export function discountAppliesTo(code: PromoCode | null, category: TicketCategory): boolean {
  return code?.type === 'DISCOUNT' && (code.categoryIds.length === 0 || code.categoryIds.includes(category.id));
}

/**
 * Discount on one item (reference 6, PriceContainer.getAppliedDiscount), in minor units: a fixed amount
 * never more than the price; a percentage rounded by the kernel's one rule (percentOf, half up), the one
 * sales' pricing (discountOn) charges with, so the discounted list price is the price paid. Reservation-wide
 * fixed amounts do not lower an item's price.
 */
export function itemDiscount(price: number, code: PromoCode): number {
  switch (code.discountType) {
    case 'FIXED_AMOUNT':
      return Math.min(price, code.discountAmount);
    case 'PERCENTAGE':
      return Math.min(price, percentOf(price, code.discountAmount));
    default:
      return 0;
  }
}
