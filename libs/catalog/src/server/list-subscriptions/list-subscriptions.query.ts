import type { Queryable } from '@ticketing/postgres';
import { currencyDescriptor, formatUnit } from '@ticketing/kernel';
import type { OrganizerFilter } from '../shared/search-options.schema.js';
import { listDescriptorsOnSale, type DescriptorRecord } from '../shared/subscription-records.js';
import { languagesOf, percentText } from '../shared/view-helpers.js';
import type { BasicSubscriptionDescriptorInfo } from '../shared/views/subscription.views.js';
import { subscriptionDates } from '../shared/subscription-dates.js';

/**
 * Of SearchOptions only the organizer filters apply to subscriptions: the reference defines `subscription` and
 * `tags` for events alone (descriptors have no tags), and alf.io's list reads neither.
 */
export type SubscriptionSearch = OrganizerFilter;

/** Public subscriptions on sale now (reference 3.5, GET /subscriptions). */
export async function listSubscriptions(db: Queryable, search: SubscriptionSearch, now: Date): Promise<BasicSubscriptionDescriptorInfo[]> {
  return (await listDescriptorsOnSale(db, now, search)).map(basicSubscriptionInfo);
}

export function basicSubscriptionInfo({ descriptor: d, descriptionHtml }: DescriptorRecord): BasicSubscriptionDescriptorInfo {
  return {
    id: d.id,
    fileBlobId: d.imageFileId,
    title: { ...d.title },
    description: descriptionHtml,
    ...subscriptionDates(d),
    validityType: d.validityType,
    usageType: d.usageType,
    timeZone: d.timeZone,
    validityTimeUnit: d.validityTimeUnit,
    validityUnits: d.validityUnits,
    maxEntries: d.maxEntries ?? -1,
    organizationEmail: null,
    organizationName: null,
    formattedPrice: formatUnit(d.price, d.currency),
    currency: d.currency,
    currencyDescriptor: d.price === 0 ? null : currencyDescriptor(d.currency),
    vat: Number(percentText(d.vatPercentage)),
    vatIncluded: d.vatIncluded,
    contentLanguages: languagesOf(d.contentLanguages),
  };
}
