import type { EventDetails, PromoCode, TicketCategory } from '@ticketing/catalog/contracts';
import { formatUnit } from '@ticketing/kernel';
import type { Availability } from '../shared/availability.js';
import type { CategoryRecord } from '../shared/event-records.js';
import type { TicketCategoryView } from '../shared/views/items-by-category.views.js';
import { discountAppliesTo, itemDiscount, revealsCategory } from '../shared/promo-code-rules.js';
import { formattedSaleDates, isExpired, isSaleInFuture, saleInstants } from '../shared/sale-window.js';

export interface CategoryContext {
  readonly event: EventDetails;
  readonly now: Date;
  readonly availability: Availability;
  /** A usable code the buyer gave, or null. */
  readonly code: PromoCode | null;
  readonly codeUsages: number;
}

/**
 * Max per reservation: the category's, else the event's; a code with a usage limit that applies to the
 * category also caps it at the uses left. alf.io lets the uses left replace the category's maximum, which
 * lets an access code with 80 uses buy 80 tickets of a category limited to 2 at once; here both hold.
 */
function maxPerReservation(category: TicketCategory, ctx: CategoryContext): number {
  const max = category.maxPerReservation ?? ctx.event.maxTicketsPerReservation;
  const code = ctx.code;
  if (code && code.maxUsage !== null && (discountAppliesTo(code, category) || revealsCategory(code, category))) return Math.min(max, code.maxUsage - ctx.codeUsages);
  return max;
}

export function categoryView({ category, descriptionHtml }: CategoryRecord, ctx: CategoryContext): TicketCategoryView {
  const { event, now } = ctx;
  const window = saleInstants(category.sale, event);
  const expired = isExpired(window, now);
  const saleInFuture = isSaleInFuture(window, now);
  const available = ctx.availability.forCategory(category);
  const soldOut = available <= 0;
  const discount = ctx.code && discountAppliesTo(ctx.code, category) ? itemDiscount(category.price, ctx.code) : 0;
  const bounded = category.capacityId !== null;
  return {
    id: category.id,
    name: category.name[event.contentLanguages[0] ?? 'en'] ?? Object.values(category.name)[0] ?? '',
    localizedName: { ...category.name },
    description: descriptionHtml,
    ticketAccessType: category.accessType,
    bounded,
    maximumSaleableTickets: Math.max(0, Math.min(maxPerReservation(category, ctx), available)),
    free: category.price === 0,
    formattedFinalPrice: formatUnit(category.price, event.currency),
    hasDiscount: discount > 0,
    formattedDiscountedPrice: discount > 0 ? formatUnit(category.price - discount, event.currency) : '',
    ordinal: category.accessRestricted ? -1 : category.ordinal,
    expired,
    saleInFuture,
    containsPendingTickets: ctx.availability.isPending(category),
    ...formattedSaleDates(window, event),
    saleableAndLimitNotReached: !expired && !saleInFuture && !soldOut,
    accessRestricted: category.accessRestricted,
    soldOutOrLimitReached: soldOut,
    availableTickets: event.displayTicketsLeft && bounded && !category.accessRestricted ? available : null,
    displayTaxInformation: category.price > 0 && event.vatPercentage > 0,
  };
}
