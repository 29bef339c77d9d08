import { Injectable } from '@nestjs/common';
import { CatalogOffers, type EventDetails, type PurchaseOffer, type SubscriptionOffer } from '@ticketing/catalog/contracts';
import type { OpenedReservation } from '@ticketing/sales/domain';

/**
 * A pass has no begin: a bank transfer is due by the end of its sale, else by the organizer's delay alone
 * (paymentTerms bounds a transfer's deadline by the event's begin).
 */
const NO_BEGIN = '9999-12-31T00:00:00';

/**
 * The terms a pass's order goes through the booking, overview and payment steps on, in the shape those steps
 * read for an event (PurchaseOffer): no categories, supplements or attendee questions; the descriptor's
 * languages, zone, VAT, ways to pay and hold time; the organizer's invoicing. What the steps would read of an
 * event's venue or dates does not exist for a pass: neutral values stand there (in person, no place, no begin).
 */
export function subscriptionPurchaseOffer({ descriptor: d, organizer, invoicing }: SubscriptionOffer, inventoryKey: string): PurchaseOffer {
  const end = d.sale.end ?? NO_BEGIN;
  const event: EventDetails = {
    shortName: inventoryKey,
    organizerSlug: d.organizerSlug,
    status: 'PUBLIC',
    displayName: d.title[d.contentLanguages[0] ?? 'en'] ?? Object.values(d.title)[0] ?? '',
    title: d.title,
    description: d.description,
    format: 'IN_PERSON',
    location: null,
    geolocation: null,
    mapUrl: null,
    start: end,
    end,
    timeZone: d.timeZone,
    currency: d.currency,
    vatPercentage: d.vatPercentage,
    vatIncluded: d.vatIncluded,
    contentLanguages: d.contentLanguages,
    privacyPolicyUrl: d.privacyPolicyUrl,
    termsAndConditionsUrl: d.termsAndConditionsUrl,
    websiteUrl: d.websiteUrl,
    customCss: null,
    i18nOverrides: {},
    imageFileId: d.imageFileId,
    tags: [],
    invoicing: {
      invoiceAllowed: invoicing.invoiceAllowed,
      onlyInvoice: invoicing.onlyInvoice,
      euVatCheckingEnabled: invoicing.euVatCheckingEnabled,
      customerReferenceEnabled: invoicing.customerReferenceEnabled,
      enabledItalyEInvoicing: invoicing.enabledItalyEInvoicing,
      vatNumberStrictlyRequired: invoicing.vatNumberStrictlyRequired,
    },
    assignment: { forceAssignment: false, enableAttendeeAutocomplete: false, enableTicketTransfer: false },
    captcha: { captchaForTicketSelection: false, captchaForOfflinePaymentAndFree: false },
    embedding: { enabled: d.embedding?.enabled ?? false, notificationOrigin: d.embedding?.notificationOrigin ?? '' },
    promotions: { displayCodeBox: false, usePartnerCode: false },
    offlinePayment: { showOnlyBasicInstructions: false, deferred: false },
    // a pass has no door to pay at, and one issued unpaid would pay for tickets at once (the catalog refuses it now)
    allowedPaymentProxies: d.allowedPaymentProxies.filter((proxy) => proxy !== 'ON_SITE'),
    reservationValidityMinutes: d.reservationValidityMinutes,
    maxTicketsPerReservation: 1,
    displayTicketsLeft: false,
    displayExpiredCategories: false,
    waitingListEnabled: false,
    preRegistrationEnabled: false,
  };
  return { event, organizer, totalSeats: d.maxAvailable, capacities: [], categories: [], services: [], code: null, attendeeFields: [], invoicing };
}

/**
 * What a reservation was opened on, as the steps after it read it: the event's offer, or a pass's terms from its
 * descriptor (see subscriptionPurchaseOffer). One place that tells the two apart, so that the booking,
 * confirmation, payment and mail steps serve both.
 */
@Injectable()
export class PurchaseOffers {
  constructor(private readonly catalog: CatalogOffers) {}

  /** null when the event or the descriptor is gone from the catalog. */
  async forReservation(state: OpenedReservation, now: Date): Promise<PurchaseOffer | null> {
    const subscription = await this.subscriptionOf(state, now);
    if (subscription) return subscriptionPurchaseOffer(subscription, state.eventShortName);
    return state.opened.purchaseContext ? null : this.catalog.purchaseOffer(state.eventShortName, null, now);
  }

  /** The descriptor of a pass's order; null for an event's. */
  subscriptionOf(state: OpenedReservation, now: Date): Promise<SubscriptionOffer | null> {
    const context = state.opened.purchaseContext;
    return context ? this.catalog.subscriptionOffer(context.descriptorId, now) : Promise.resolve(null);
  }
}
