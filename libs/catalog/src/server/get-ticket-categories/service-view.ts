import { isMandatory, type AdditionalService, type EventDetails, type PromoCode } from '@ticketing/catalog/contracts';
import { formatUnit } from '@ticketing/kernel';
import type { ServiceRecord } from '../shared/event-records.js';
import { percentPlain, percentText } from '../shared/view-helpers.js';
import type { AdditionalServiceView } from '../shared/views/items-by-category.views.js';
import { itemDiscount } from '../shared/promo-code-rules.js';
import { formattedSaleDates, isExpired, isSaleInFuture, saleInstants } from '../shared/sale-window.js';

const PERCENTAGE_POLICIES = new Set(['MANDATORY_PERCENTAGE_FOR_TICKET', 'MANDATORY_PERCENTAGE_RESERVATION']);

/** Percentage codes also lower fixed-price supplements; donations and fixed amounts are left alone (reference 6). */
function serviceDiscount(service: AdditionalService, code: PromoCode | null): number {
  if (!code || code.type !== 'DISCOUNT' || code.discountType !== 'PERCENTAGE') return 0;
  if (service.type !== 'SUPPLEMENT' || !service.fixPrice || PERCENTAGE_POLICIES.has(service.supplementPolicy ?? '')) return 0;
  return itemDiscount(service.price, code);
}

function vatOf(service: AdditionalService, event: EventDetails): { vatIncluded: boolean; vatPercentage: number } {
  switch (service.vatType) {
    case 'INHERITED':
      return { vatIncluded: event.vatIncluded, vatPercentage: event.vatPercentage };
    case 'CUSTOM_INCLUDED':
      return { vatIncluded: true, vatPercentage: service.vatPercentage ?? 0 };
    case 'CUSTOM_EXCLUDED':
      return { vatIncluded: false, vatPercentage: service.vatPercentage ?? 0 };
    default:
      return { vatIncluded: false, vatPercentage: 0 };
  }
}

export function serviceView({ service, descriptionHtml }: ServiceRecord, event: EventDetails, now: Date, code: PromoCode | null, sold: number): AdditionalServiceView {
  const window = saleInstants(service.sale, event);
  const byPercentage = PERCENTAGE_POLICIES.has(service.supplementPolicy ?? '');
  const discount = serviceDiscount(service, code);
  const vat = vatOf(service, event);
  return {
    id: service.id,
    type: service.type,
    supplementPolicy: service.supplementPolicy,
    fixPrice: service.fixPrice,
    // a mandatory supplement goes with every ticket sold (no stock of its own: the sales inventory does not limit it)
    availableQuantity: isMandatory(service) ? service.availableQuantity : Math.max(0, service.availableQuantity - sold),
    maxQtyPerOrder: service.maxQtyPerOrder,
    free: service.fixPrice && !byPercentage && service.price === 0,
    formattedFinalPrice: byPercentage ? percentPlain(service.percentage ?? 0) : formatUnit(service.price, event.currency),
    hasDiscount: discount > 0,
    formattedDiscountedPrice: discount > 0 ? formatUnit(service.price - discount, event.currency) : '',
    vatApplies: service.vatType !== 'NONE',
    vatIncluded: vat.vatIncluded,
    vatPercentage: percentText(vat.vatPercentage),
    expired: isExpired(window, now),
    saleInFuture: isSaleInFuture(window, now),
    ...formattedSaleDates(window, event),
    title: { ...service.title },
    description: descriptionHtml,
  };
}
