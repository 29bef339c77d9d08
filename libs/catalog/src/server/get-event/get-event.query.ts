import { fromJavaMessageFormat } from '@ticketing/i18n';
import { formattedEventDates } from '@ticketing/formatting';
import { currencyDescriptor, zonedInstant } from '@ticketing/kernel';
import { Availability } from '../shared/availability.js';
import { contentTag } from '../shared/content-tag.js';
import type { EventRecord, EventSnapshot } from '../shared/event-records.js';
import type { EventSalesFigures } from '@ticketing/sales/contracts';
import type { EventDetails } from '@ticketing/catalog/contracts';
import {
  bankAccountOf,
  bankAccountOwnerOf,
  invoicingConfigurationOf,
  languagesOf,
  noAnalytics,
  percentText,
  trimToNull,
} from '../shared/view-helpers.js';
import type { EventWithAdditionalInfo } from '../shared/views/event.views.js';
import type { AnalyticsConfiguration } from '../shared/views/common.views.js';

/** The event page's data and its ETag. */
export interface EventPage {
  readonly view: EventWithAdditionalInfo;
  readonly etag: string;
}

/**
 * The event page (`EventWithAdditionalInfo`). Only the tickets-left count depends on sales: `figures` is
 * needed when the event shows it, and the page is otherwise a function of the catalog alone.
 */
export function eventPage(snapshot: EventSnapshot, figures: EventSalesFigures | null, settings: PublicSettings = NO_SETTINGS): EventPage {
  const { record, offer } = snapshot;
  const ticketsLeft =
    record.details.displayTicketsLeft && figures
      ? new Availability(offer.categories.map((c) => c.category), offer.capacities, record.totalSeats, figures).forEvent()
      : null;
  const view = eventView(record, ticketsLeft, settings);
  return { view, etag: contentTag(view) };
}

/** What the platform's configuration adds to every event's page: the captcha key and the analytics settings. */
export interface PublicSettings {
  readonly recaptchaSiteKey: string | null;
  readonly analytics: AnalyticsConfiguration;
}

const NO_SETTINGS: PublicSettings = { recaptchaSiteKey: null, analytics: noAnalytics };

export function eventView(record: EventRecord, availableTicketsCount: number | null, { recaptchaSiteKey, analytics }: PublicSettings = NO_SETTINGS): EventWithAdditionalInfo {
  const { details: e, organizer } = record;
  const free = !record.hasPaidCategories;
  return {
    shortName: e.shortName,
    displayName: e.displayName,
    title: { ...e.title },
    format: e.format,
    fileBlobId: e.imageFileId,
    websiteUrl: e.websiteUrl,
    location: e.location,
    mapUrl: e.mapUrl,
    organizationName: organizer?.name ?? '',
    organizationEmail: organizer?.email ?? '',
    description: record.descriptionHtml,
    privacyPolicyUrl: trimToNull(e.privacyPolicyUrl),
    termsAndConditionsUrl: trimToNull(e.termsAndConditionsUrl),
    currency: e.currency,
    currencyDescriptor: free ? null : currencyDescriptor(e.currency),
    vat: percentText(e.vatPercentage),
    vatIncluded: e.vatIncluded,
    free,
    bankAccount: bankAccountOf(organizer),
    bankAccountOwner: bankAccountOwnerOf(organizer),
    ...formattedEventDates(zonedInstant(e.start, e.timeZone), zonedInstant(e.end, e.timeZone), e.timeZone, e.contentLanguages),
    contentLanguages: languagesOf(e.contentLanguages),
    invoicingConfiguration: invoicingConfigurationOf(e.invoicing, organizer),
    captchaConfiguration: captchaConfigurationOf(e.captcha, recaptchaSiteKey),
    assignmentConfiguration: { ...e.assignment },
    promotionsConfiguration: {
      hasAccessPromotions: e.promotions.displayCodeBox && (record.hasRestrictedCategories || record.hasPromoCodes),
      usePartnerCode: e.promotions.usePartnerCode,
    },
    analyticsConfiguration: analytics,
    // the wire keeps alf.io's shape (reference 3.1): whether a transfer is deferred shows in the reservation's status
    offlinePaymentConfiguration: { showOnlyBasicInstructions: e.offlinePayment.showOnlyBasicInstructions },
    embeddingConfiguration: { notificationOrigin: e.embedding.notificationOrigin, enabled: e.embedding.enabled },
    i18nOverride: i18nOverrideOf(e.i18nOverrides),
    availableTicketsCount,
    customCss: trimToNull(e.customCss),
    canApplySubscriptions: record.linkedToSubscription,
    waitingRoom: e.waitingRoom
      ? { opensAt: zonedInstant(e.waitingRoom.opensAt, e.timeZone).toISOString(), admissionsPerMinute: e.waitingRoom.admissionsPerMinute }
      : null,
  };
}

/**
 * Reference 2 (CaptchaConfiguration): a captcha is on when the event asks for it and a site key is configured; the
 * key goes with ticket selection's. It goes with the free and bank-transfer one too: a free order's overview has no
 * payment method to carry the key in its parameters (reference 2, PaymentProxyWithParameters), and the captcha
 * checked on its confirmation could not be answered without it.
 */
function captchaConfigurationOf(asked: EventDetails['captcha'], siteKey: string | null): EventWithAdditionalInfo['captchaConfiguration'] {
  const captchaForTicketSelection = asked.captchaForTicketSelection && siteKey !== null;
  const captchaForOfflinePaymentAndFree = asked.captchaForOfflinePaymentAndFree && siteKey !== null;
  return { captchaForTicketSelection, captchaForOfflinePaymentAndFree, recaptchaApiKey: captchaForTicketSelection || captchaForOfflinePaymentAndFree ? siteKey : null };
}

/** Organizer overrides may be written Java-style (`{0}`); the wire format wants `{{0}}`. */
function i18nOverrideOf(overrides: Readonly<Record<string, Readonly<Record<string, string>>>>): Record<string, Record<string, string>> {
  return Object.fromEntries(
    Object.entries(overrides).map(([lang, messages]) => [lang, Object.fromEntries(Object.entries(messages).map(([k, v]) => [k, fromJavaMessageFormat(v)]))]),
  );
}
