import type { EventDetails, Organizer, SubscriptionDescriptor } from '@ticketing/catalog/contracts';
import type { AdditionalServiceDraft, AttendeeFieldDraft, PromoCodeDraft, PublishEventCatalog, TicketCategoryDraft } from '@ticketing/catalog/domain';

/** Valid examples the specs vary one field at a time. */
export const organizer: Organizer = {
  slug: 'lakeside',
  name: 'Lakeside Conferences',
  email: 'hello@lakeside.example',
  description: null,
  websiteUrl: 'https://lakeside.example',
  invoicing: { companyName: 'Lakeside AG', address: 'Seestrasse 1\n8000 Zürich', vatNumber: 'CHE-123.456.789', country: 'CH' },
  payment: { bankAccount: 'CH93 0076 2011 6238 5295 7', bankAccountOwner: ['Lakeside AG', 'Zürich'], offlinePaymentDelayDays: 5 },
};

export const eventDetails: EventDetails = {
  shortName: 'devday-2030',
  organizerSlug: 'lakeside',
  status: 'PUBLIC',
  displayName: 'Dev Day 2030',
  title: { en: 'Dev Day 2030', it: 'Giornata dello sviluppo 2030' },
  description: { en: 'A day of **talks**.', it: 'Una giornata di **talk**.' },
  format: 'IN_PERSON',
  location: 'Kongresshaus, Zürich',
  geolocation: { latitude: 47.366, longitude: 8.535 },
  mapUrl: null,
  start: '2030-05-10T09:00:00',
  end: '2030-05-10T18:00:00',
  timeZone: 'Europe/Zurich',
  currency: 'CHF',
  vatPercentage: 8.1,
  vatIncluded: true,
  contentLanguages: ['en', 'it'],
  privacyPolicyUrl: 'https://lakeside.example/privacy',
  termsAndConditionsUrl: 'https://lakeside.example/terms',
  websiteUrl: 'https://devday.example',
  customCss: null,
  i18nOverrides: {},
  imageFileId: null,
  tags: ['tech'],
  invoicing: { invoiceAllowed: true, onlyInvoice: false, euVatCheckingEnabled: false, customerReferenceEnabled: false, enabledItalyEInvoicing: false, vatNumberStrictlyRequired: false },
  assignment: { forceAssignment: false, enableAttendeeAutocomplete: true, enableTicketTransfer: true },
  captcha: { captchaForTicketSelection: false, captchaForOfflinePaymentAndFree: false },
  embedding: { enabled: false, notificationOrigin: '' },
  promotions: { displayCodeBox: true, usePartnerCode: false },
  offlinePayment: { showOnlyBasicInstructions: false, deferred: false },
  allowedPaymentProxies: ['STRIPE', 'OFFLINE'],
  allowFreeTicketsCancellation: false,
  joinLinks: [],
  reservationValidityMinutes: 25,
  maxTicketsPerReservation: 5,
  displayTicketsLeft: false,
  displayExpiredCategories: true,
  waitingListEnabled: false,
  preRegistrationEnabled: false,
};

export const regular: TicketCategoryDraft = {
  key: 'regular',
  name: { en: 'Regular', it: 'Normale' },
  description: {},
  price: 12000,
  capacity: 'hall',
  sale: { start: '2030-01-01T00:00:00', end: '2030-05-10T09:00:00' },
  accessRestricted: false,
  maxPerReservation: null,
  accessType: 'INHERIT',
  ordinal: 0,
  code: null,
};

export const speaker: TicketCategoryDraft = {
  ...regular,
  key: 'speaker',
  name: { en: 'Speaker', it: 'Relatore' },
  price: 0,
  accessRestricted: true,
  ordinal: 1,
};

export const lunch: AdditionalServiceDraft = {
  key: 'lunch',
  type: 'SUPPLEMENT',
  title: { en: 'Lunch', it: 'Pranzo' },
  description: {},
  supplementPolicy: 'OPTIONAL_MAX_AMOUNT_PER_TICKET',
  fixPrice: true,
  price: 2500,
  percentage: null,
  minPrice: null,
  maxPrice: null,
  availableQuantity: 999,
  maxQtyPerOrder: 1,
  sale: { start: null, end: null },
  vatType: 'INHERITED',
  vatPercentage: null,
  ordinal: 0,
};

export const earlyBird: PromoCodeDraft = {
  code: 'EARLY10',
  type: 'DISCOUNT',
  discountType: 'PERCENTAGE',
  discountAmount: 10,
  validFrom: '2030-01-01T00:00:00',
  validTo: '2030-03-01T00:00:00',
  maxUsage: 100,
  categories: ['regular'],
  currency: null,
  description: null,
};

export const speakerAccess: PromoCodeDraft = {
  ...earlyBird,
  code: 'SPEAKERS',
  type: 'ACCESS',
  discountType: 'NONE',
  discountAmount: 0,
  categories: ['speaker'],
};

export const company: AttendeeFieldDraft = {
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
  categories: [],
  additionalService: null,
  label: { en: 'Company', it: 'Azienda' },
  placeholder: { en: 'Where you work' },
  restrictedValuesDescription: {},
};

export const tShirtSize: AttendeeFieldDraft = {
  ...company,
  name: 'tShirtSize',
  type: 'select',
  ordinal: 1,
  maxLength: null,
  restrictedValues: ['S', 'M', 'L', 'XL'],
  disabledValues: ['XL'],
  categories: ['regular'],
  label: { en: 'T-shirt size', it: 'Taglia della maglietta' },
  placeholder: {},
  restrictedValuesDescription: { XL: { en: 'XL (sold out)', it: 'XL (esaurita)' } },
};

/** Asked once per lunch booked, not per ticket. */
export const lunchMenu: AttendeeFieldDraft = {
  ...company,
  name: 'lunchMenu',
  type: 'radio',
  ordinal: 2,
  required: false,
  maxLength: null,
  restrictedValues: ['meat', 'vegetarian', 'vegan'],
  additionalService: 'lunch',
  label: { en: 'Lunch menu', it: 'Menù del pranzo' },
  placeholder: {},
};

export function publishCatalog(data: Partial<PublishEventCatalog['data']> = {}): PublishEventCatalog {
  return {
    type: 'PublishEventCatalog',
    data: {
      event: eventDetails,
      totalSeats: 500,
      capacities: [{ key: 'hall', name: 'Main hall', size: 400 }],
      categories: [regular, speaker],
      additionalServices: [lunch],
      promoCodes: [earlyBird, speakerAccess],
      attendeeFields: [],
      ...data,
    },
  };
}

export const descriptor: SubscriptionDescriptor = {
  id: '6a1d2b9e-8f3c-4d5e-9a7b-1c2d3e4f5a6b',
  organizerSlug: 'lakeside',
  isPublic: true,
  title: { en: 'Season pass', it: 'Abbonamento' },
  description: { en: 'All **events** of the season.' },
  contentLanguages: ['en', 'it'],
  imageFileId: null,
  price: 30000,
  currency: 'CHF',
  vatPercentage: 8.1,
  vatIncluded: true,
  timeZone: 'Europe/Zurich',
  sale: { start: '2030-01-01T00:00:00', end: '2030-12-31T23:59:00' },
  validityType: 'STANDARD',
  validityUnits: 12,
  validityTimeUnit: 'MONTHS',
  validFrom: null,
  validTo: null,
  usageType: 'ONCE_PER_EVENT',
  maxEntries: 10,
  maxAvailable: null,
  compatibleEventShortNames: ['devday-2030'],
  privacyPolicyUrl: null,
  termsAndConditionsUrl: 'https://lakeside.example/terms',
  websiteUrl: null,
  allowedPaymentProxies: ['STRIPE'],
  displayPin: true,
  reservationValidityMinutes: 25,
};
