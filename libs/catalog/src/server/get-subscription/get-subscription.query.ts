import type { Queryable } from '@ticketing/postgres';
import type { Organizer } from '@ticketing/catalog/contracts';
import { currencyDescriptor, formatUnit } from '@ticketing/kernel';
import { onSale, subscriptionDates } from '../shared/subscription-dates.js';
import type { SalesFigures } from '@ticketing/sales/contracts';
import { findDescriptor } from '../shared/subscription-records.js';
import { bankAccountOf, bankAccountOwnerOf, invoicingConfigurationOf, languagesOf, noAnalytics, percentText, trimToNull } from '../shared/view-helpers.js';
import type { SubscriptionDescriptorWithAdditionalInfo } from '../shared/views/subscription.views.js';
import type { AnalyticsConfiguration } from '../shared/views/common.views.js';

/** Descriptors carry no invoicing choices of their own: invoices when the organizer can issue them. */
export const subscriptionInvoicing = (organizer: Organizer | null) =>
  invoicingConfigurationOf(
    { invoiceAllowed: true, onlyInvoice: false, euVatCheckingEnabled: false, customerReferenceEnabled: false, enabledItalyEInvoicing: false, vatNumberStrictlyRequired: false },
    organizer,
  );

/** Java's Integer.MAX_VALUE: alf.io's "unlimited" for numAvailable. */
const UNLIMITED = 2_147_483_647;

/** The subscription page's data, or null when there is no such descriptor (reference 3.5). */
export async function getSubscription(db: Queryable, sales: SalesFigures, id: string, now: Date, analytics: AnalyticsConfiguration = noAnalytics): Promise<SubscriptionDescriptorWithAdditionalInfo | null> {
  const record = await findDescriptor(db, id);
  if (!record) return null;
  const { descriptor: d, organizer } = record;
  const numAvailable = !onSale(d, now) ? 0 : d.maxAvailable === null ? UNLIMITED : Math.max(0, d.maxAvailable - (await sales.subscriptionsSold(d.id)));
  const dates = subscriptionDates(d);
  return {
    title: { ...d.title },
    description: record.descriptionHtml,
    fileBlobId: d.imageFileId,
    currency: d.currency,
    currencyDescriptor: d.price === 0 ? null : currencyDescriptor(d.currency),
    vat: percentText(d.vatPercentage),
    vatIncluded: d.vatIncluded,
    free: d.price === 0,
    formattedPrice: formatUnit(d.price, d.currency),
    privacyPolicyUrl: trimToNull(d.privacyPolicyUrl),
    termsAndConditionsUrl: trimToNull(d.termsAndConditionsUrl),
    websiteUrl: trimToNull(d.websiteUrl),
    bankAccount: bankAccountOf(organizer),
    bankAccountOwner: bankAccountOwnerOf(organizer),
    organizationEmail: organizer?.email ?? '',
    organizationName: organizer?.name ?? '',
    salePeriod: dates.salePeriod,
    formattedOnSaleFrom: dates.formattedOnSaleFrom,
    formattedOnSaleTo: dates.formattedOnSaleTo,
    timeZone: d.timeZone,
    formattedValidFrom: dates.formattedValidFrom,
    formattedValidTo: dates.formattedValidTo,
    validityType: d.validityType,
    usageType: d.usageType,
    validityTimeUnit: d.validityTimeUnit,
    validityUnits: d.validityUnits,
    maxEntries: d.maxEntries !== null && d.maxEntries > 0 ? d.maxEntries : null,
    numAvailable,
    // descriptors carry no invoicing choices of their own: invoices when the organizer can issue them
    invoicingConfiguration: subscriptionInvoicing(organizer),
    analyticsConfiguration: analytics,
    captchaConfiguration: { captchaForTicketSelection: false, captchaForOfflinePaymentAndFree: false, recaptchaApiKey: null },
    embeddingConfiguration: { notificationOrigin: d.embedding?.notificationOrigin ?? '', enabled: d.embedding?.enabled ?? false },
    assignmentConfiguration: { forceAssignment: false, enableAttendeeAutocomplete: false, enableTicketTransfer: false },
    offlinePaymentConfiguration: null,
    canApplySubscriptions: false,
    contentLanguages: languagesOf(d.contentLanguages),
  };
}
