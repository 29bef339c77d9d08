import type { AdditionalService, PromoCode } from '@ticketing/catalog/contracts';
import { percentOf } from '@ticketing/kernel';

/**
 * Discounts on single items (reference 6, PriceContainer.getAppliedDiscount), in minor units. The catalog's
 * list prices (formattedDiscountedPrice) follow the same rules, and both round through the kernel's
 * percentOf, so the price shown is the price charged.
 */

/** Only DISCOUNT codes change prices; ACCESS codes only reveal categories. */
export function discountCode(code: PromoCode | null): PromoCode | null {
  return code?.type === 'DISCOUNT' && code.discountType !== 'NONE' ? code : null;
}

/** A fixed amount never more than the price; a percentage rounded half up; nothing for a reservation-wide amount. */
export function discountOn(price: number, code: PromoCode): number {
  switch (code.discountType) {
    case 'FIXED_AMOUNT':
      return Math.min(price, code.discountAmount);
    case 'PERCENTAGE':
      return Math.min(price, percentOf(price, code.discountAmount));
    case 'FIXED_AMOUNT_RESERVATION':
    case 'NONE':
      return 0;
  }
}

/** A ticket is discounted when the code names its category, or names none. */
export function ticketDiscount(price: number, categoryId: number, code: PromoCode | null): number {
  if (!code || (code.categoryIds.length > 0 && !code.categoryIds.includes(categoryId))) return 0;
  return discountOn(price, code);
}

/**
 * Percentage codes also lower fixed-price supplements, whatever categories the code names, as alf.io prices
 * them (AdditionalServiceItemPriceContainer.from: a PERCENTAGE DISCOUNT code on any item but a donation) and as
 * the catalog shows them; fixed amounts, donations, custom amounts and percentage-computed fees are left alone
 * (a fee computed on discounted tickets already carries the discount).
 */
export function serviceDiscount(price: number, service: AdditionalService, code: PromoCode | null): number {
  if (!code || code.discountType !== 'PERCENTAGE') return 0;
  if (service.type !== 'SUPPLEMENT' || !service.fixPrice || isPercentagePolicy(service)) return 0;
  return discountOn(price, code);
}

export function isPercentagePolicy(service: AdditionalService): boolean {
  return service.supplementPolicy === 'MANDATORY_PERCENTAGE_FOR_TICKET' || service.supplementPolicy === 'MANDATORY_PERCENTAGE_RESERVATION';
}
