import type { EventToAppend } from '@ticketing/event-store';
import type {
  AdditionalService,
  AttendeeField,
  CatalogEvent,
  EventDetails,
  InvoicingTerms,
  Organizer,
  Poll,
  PromoCode,
  SubscriptionDescriptor,
  TicketCategory,
} from '@ticketing/catalog/contracts';

/** Builders of catalog events for read-side tests: complete, valid defaults with overrides where a test cares. */

export function catalogEvent(event: CatalogEvent, occurredAt = '2026-01-01T00:00:00.000Z'): EventToAppend {
  return { type: event.type, data: event.data as unknown as Record<string, unknown>, metadata: { correlationId: 'test', causationId: 'test', occurredAt, actor: 'system:test' } };
}

export function organizer(overrides: Partial<Organizer> = {}): Organizer {
  return {
    slug: 'acme',
    name: 'Acme Events',
    email: 'info@acme.test',
    description: null,
    websiteUrl: 'https://acme.test',
    invoicing: { companyName: 'Acme SA', address: 'Via Roma 1\n6900 Lugano', vatNumber: 'CHE-123.456.789', country: 'CH' },
    payment: { bankAccount: 'CH93 0076 2011 6238 5295 7', bankAccountOwner: ['Acme SA', 'Lugano'], offlinePaymentDelayDays: 5 },
    ...overrides,
  };
}

/** A local date-time `days` from `from` at `time`, in the same wall-clock terms the catalog uses. */
export function localDaysFrom(from: Date, days: number, time = '19:30:00'): string {
  const day = new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);
  return `${day}T${time}`;
}

export function eventDetails(overrides: Partial<EventDetails> = {}): EventDetails {
  return {
    shortName: 'jazz-night',
    organizerSlug: 'acme',
    status: 'PUBLIC',
    displayName: 'Jazz Night',
    title: { en: 'Jazz Night', it: 'Serata jazz' },
    description: { en: 'An evening of **jazz**.', it: 'Una serata di **jazz**.' },
    format: 'IN_PERSON',
    location: 'Teatro Sociale, Bellinzona',
    geolocation: { latitude: 46.19, longitude: 9.02 },
    mapUrl: null,
    start: '2030-06-01T20:00:00',
    end: '2030-06-01T23:00:00',
    timeZone: 'Europe/Zurich',
    currency: 'CHF',
    vatPercentage: 7.7,
    vatIncluded: true,
    contentLanguages: ['en', 'it'],
    privacyPolicyUrl: ' https://acme.test/privacy ',
    termsAndConditionsUrl: 'https://acme.test/terms',
    websiteUrl: 'https://acme.test/jazz',
    customCss: null,
    i18nOverrides: {},
    imageFileId: null,
    tags: ['music'],
    invoicing: {
      invoiceAllowed: true,
      onlyInvoice: false,
      euVatCheckingEnabled: false,
      customerReferenceEnabled: false,
      enabledItalyEInvoicing: false,
      vatNumberStrictlyRequired: false,
    },
    assignment: { forceAssignment: false, enableAttendeeAutocomplete: true, enableTicketTransfer: true },
    captcha: { captchaForTicketSelection: false, captchaForOfflinePaymentAndFree: false },
    embedding: { enabled: false, notificationOrigin: '' },
    promotions: { displayCodeBox: true, usePartnerCode: false },
    offlinePayment: { showOnlyBasicInstructions: false, deferred: false },
    allowedPaymentProxies: ['OFFLINE', 'STRIPE'],
    reservationValidityMinutes: 25,
    maxTicketsPerReservation: 5,
    displayTicketsLeft: false,
    displayExpiredCategories: true,
    waitingListEnabled: false,
    preRegistrationEnabled: false,
    ...overrides,
  };
}

export function ticketCategory(overrides: Partial<TicketCategory> = {}): TicketCategory {
  return {
    id: 1,
    key: 'regular',
    name: { en: 'Regular', it: 'Intero' },
    description: { en: 'A seat', it: 'Un posto' },
    price: 1000,
    capacityId: null,
    sale: { start: null, end: null },
    accessRestricted: false,
    maxPerReservation: null,
    accessType: 'INHERIT',
    ordinal: 1,
    code: null,
    ...overrides,
  };
}

export function additionalService(overrides: Partial<AdditionalService> = {}): AdditionalService {
  return {
    id: 1,
    key: 'parking',
    type: 'SUPPLEMENT',
    title: { en: 'Parking', it: 'Parcheggio' },
    description: { en: 'One car', it: 'Una macchina' },
    supplementPolicy: 'OPTIONAL_MAX_AMOUNT_PER_TICKET',
    fixPrice: true,
    price: 500,
    percentage: null,
    minPrice: null,
    maxPrice: null,
    availableQuantity: 999,
    maxQtyPerOrder: 1,
    sale: { start: null, end: null },
    vatType: 'INHERITED',
    vatPercentage: null,
    ordinal: 1,
    ...overrides,
  };
}

export function promoCode(overrides: Partial<PromoCode> = {}): PromoCode {
  return {
    code: 'SAVE10',
    type: 'DISCOUNT',
    discountType: 'PERCENTAGE',
    discountAmount: 10,
    validFrom: null,
    validTo: null,
    maxUsage: null,
    categoryIds: [],
    currency: null,
    description: null,
    ...overrides,
  };
}

export function attendeeField(overrides: Partial<AttendeeField> = {}): AttendeeField {
  return {
    name: 'company',
    type: 'input:text',
    ordinal: 0,
    beforeStandardFields: false,
    required: true,
    editable: true,
    minLength: null,
    maxLength: 100,
    restrictedValues: [],
    disabledValues: [],
    categoryIds: [],
    additionalServiceId: null,
    label: { en: 'Company', it: 'Azienda' },
    placeholder: {},
    restrictedValuesDescription: {},
    ...overrides,
  };
}

/** An OPEN poll with two options. */
export function poll(overrides: Partial<Poll> = {}): Poll {
  return {
    id: 1,
    status: 'OPEN',
    title: { en: 'Next talk?', it: 'Prossimo talk?' },
    description: { en: 'Choose one.' },
    allowedTags: [],
    order: 0,
    options: [
      { id: 1, title: { en: 'Rust', it: 'Rust' }, description: {} },
      { id: 2, title: { en: 'Go', it: 'Go' }, description: { en: 'The gopher.' } },
    ],
    ...overrides,
  };
}

export function subscriptionDescriptor(overrides: Partial<SubscriptionDescriptor> = {}): SubscriptionDescriptor {
  return {
    id: '3f0c7f4e-2a7b-4c1e-9a55-6f1f0b1f7a01',
    organizerSlug: 'acme',
    isPublic: true,
    title: { en: 'Season pass', it: 'Abbonamento' },
    description: { en: 'All **concerts**', it: 'Tutti i **concerti**' },
    contentLanguages: ['en', 'it'],
    imageFileId: null,
    price: 12000,
    currency: 'CHF',
    vatPercentage: 7.7,
    vatIncluded: true,
    timeZone: 'Europe/Zurich',
    sale: { start: '2020-01-01T00:00:00', end: null },
    validityType: 'STANDARD',
    validityUnits: 12,
    validityTimeUnit: 'MONTHS',
    validFrom: null,
    validTo: null,
    usageType: 'ONCE_PER_EVENT',
    maxEntries: null,
    maxAvailable: null,
    compatibleEventShortNames: ['jazz-night'],
    privacyPolicyUrl: null,
    termsAndConditionsUrl: 'https://acme.test/terms',
    websiteUrl: 'https://acme.test',
    allowedPaymentProxies: ['STRIPE'],
    displayPin: true,
    reservationValidityMinutes: 25,
    ...overrides,
  };
}

/** The invoicing terms of a purchase offer: no invoice unless a test asks for one. */
export function invoicingTerms(overrides: Partial<InvoicingTerms> = {}): InvoicingTerms {
  return {
    userCanDownloadReceiptOrInvoice: true,
    euVatCheckingEnabled: false,
    invoiceAllowed: false,
    onlyInvoice: false,
    customerReferenceEnabled: false,
    enabledItalyEInvoicing: false,
    vatNumberStrictlyRequired: false,
    ...overrides,
  };
}
