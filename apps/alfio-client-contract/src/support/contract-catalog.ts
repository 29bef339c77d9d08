import type { EventToAppend } from '@ticketing/event-store';
import type { AdditionalService, AttendeeField, EventDetails, PromoCode, TicketCategory } from '@ticketing/catalog/contracts';
import {
  additionalService,
  attendeeField,
  catalogEvent,
  eventDetails,
  localDaysFrom,
  organizer,
  promoCode,
  ticketCategory,
} from '@ticketing/testing/catalog-events';
import type { TestApp } from '@ticketing/testing/app';

/**
 * The catalog the contract suite buys from, appended through the test harness: each event is what one flow of the
 * client needs, its dates relative to today so it is always on sale (or, for the pre-sale, not yet).
 */
const now = new Date();

interface EventParts {
  details: Partial<EventDetails>;
  seats?: number;
  categories: Partial<TicketCategory>[];
  services?: Partial<AdditionalService>[];
  fields?: Partial<AttendeeField>[];
  codes?: Partial<PromoCode>[];
}

function eventStream(shortName: string, parts: EventParts): EventToAppend[] {
  const inEvent = <T extends object>(data: T) => ({ eventShortName: shortName, ...data });
  const details = eventDetails({ shortName, start: localDaysFrom(now, 30), end: localDaysFrom(now, 30, '23:00:00'), ...parts.details });
  return [
    catalogEvent({ type: 'EventPublished', data: { event: details } }),
    ...(parts.seats === undefined ? [] : [catalogEvent({ type: 'TotalSeatsCapped', data: inEvent({ seats: parts.seats }) })]),
    ...parts.categories.map((c, i) => catalogEvent({ type: 'TicketCategoryAdded', data: inEvent({ category: ticketCategory({ id: i + 1, key: `c${i + 1}`, ordinal: i + 1, ...c }) }) })),
    ...(parts.services ?? []).map((s, i) => catalogEvent({ type: 'AdditionalServiceAdded', data: inEvent({ service: additionalService({ id: i + 1, key: `s${i + 1}`, ordinal: i + 1, ...s }) }) })),
    ...(parts.fields ?? []).map((f, i) => catalogEvent({ type: 'AttendeeFieldAdded', data: inEvent({ field: attendeeField({ ordinal: i + 1, ...f }) }) })),
    ...(parts.codes ?? []).map((c) => catalogEvent({ type: 'PromoCodeAdded', data: inEvent({ promoCode: promoCode(c) }) })),
  ];
}

const en = (text: string) => ({ en: text });
const field = (name: string, type: AttendeeField['type'], overrides: Partial<AttendeeField> = {}): Partial<AttendeeField> => ({
  name,
  type,
  required: false,
  label: en(name),
  ...overrides,
});

/** Paid, two languages, bank transfer and on-site: the purchase flows, cancel and the e-mail sent again. */
export const gala = {
  shortName: 'contract-gala',
  parts: {
    details: { title: { en: 'Gala', it: 'Gala' }, allowedPaymentProxies: ['OFFLINE', 'ON_SITE'], maxTicketsPerReservation: 4 },
    categories: [
      { name: { en: 'Regular', it: 'Intero' }, price: 4500 },
      { name: { en: 'Reduced', it: 'Ridotto' }, price: 2500 },
      { name: { en: 'Box', it: 'Palco' }, price: 9000 },
    ],
  },
} satisfies { shortName: string; parts: EventParts };

/** Free: no payment method at all. */
export const freeTalk = {
  shortName: 'contract-free-talk',
  parts: {
    details: { title: { en: 'Free talk', it: 'Talk gratuito' }, allowedPaymentProxies: [], privacyPolicyUrl: null },
    categories: [{ name: { en: 'Seat', it: 'Posto' }, price: 0 }],
  },
} satisfies { shortName: string; parts: EventParts };

/**
 * One content language, every type of question (required and optional), supplements with their own questions, a
 * mandatory per-ticket fee and a donation; bank transfer.
 */
export const summit = {
  shortName: 'contract-summit',
  parts: {
    details: { title: en('Summit'), contentLanguages: ['en'], allowedPaymentProxies: ['OFFLINE'], maxTicketsPerReservation: 4 },
    categories: [
      { name: en('Conference'), price: 20000 },
      { name: en('Student'), price: 5000 },
    ],
    services: [
      { key: 'tshirt', title: en('T-shirt'), supplementPolicy: 'OPTIONAL_MAX_AMOUNT_PER_TICKET', price: 2500, maxQtyPerOrder: 2 },
      { key: 'parking', title: en('Parking'), supplementPolicy: 'OPTIONAL_MAX_AMOUNT_PER_RESERVATION', price: 1500, maxQtyPerOrder: 1 },
      { key: 'cleaning', title: en('Cleaning fee'), supplementPolicy: 'MANDATORY_ONE_FOR_TICKET', price: 300 },
      { key: 'donation', type: 'DONATION', title: en('Scholarships'), supplementPolicy: null, fixPrice: false, price: 1000, minPrice: 100 },
    ],
    fields: [
      field('company', 'input:text', { required: true, beforeStandardFields: true }),
      field('phone', 'input:tel'),
      field('notes', 'textarea', { maxLength: 500 }),
      field('track', 'select', { required: true, restrictedValues: ['web', 'data', 'ops'] }),
      field('diet', 'select', { restrictedValues: ['vegetarian', 'vegan'] }),
      field('source', 'radio', { restrictedValues: ['friend', 'social', 'other'] }),
      field('days', 'checkbox', { restrictedValues: ['mon', 'tue', 'wed'] }),
      field('newsletter', 'checkbox', { restrictedValues: ['yes'] }),
      field('country', 'country', { required: true }),
      field('vat', 'vat:eu'),
      field('birth', 'input:dateOfBirth', { required: true, categoryIds: [2], minLength: 16, maxLength: 30 }),
      field('shirtSize', 'select', { required: true, restrictedValues: ['S', 'M', 'L'], additionalServiceId: 1 }),
      field('shirtName', 'input:text', { additionalServiceId: 1 }),
      field('plate', 'input:text', { additionalServiceId: 2 }),
    ],
  },
} satisfies { shortName: string; parts: EventParts };

/** Swiss organizer, invoices offered: a business invoice. */
export const invoiced = {
  shortName: 'contract-invoiced',
  parts: {
    details: { title: en('Workshop'), contentLanguages: ['en'], allowedPaymentProxies: ['ON_SITE'] },
    categories: [{ name: en('Participant'), price: 30000 }],
  },
} satisfies { shortName: string; parts: EventParts };

/** Italian organizer with e-invoicing (fattura elettronica). */
export const fattura = {
  shortName: 'contract-fattura',
  organizer: 'milanodev',
  parts: {
    details: {
      organizerSlug: 'milanodev',
      title: { it: 'Conferenza', en: 'Conference' },
      contentLanguages: ['it', 'en'],
      currency: 'EUR',
      vatPercentage: 22,
      vatIncluded: false,
      timeZone: 'Europe/Rome',
      allowedPaymentProxies: ['OFFLINE'],
      invoicing: {
        invoiceAllowed: true,
        onlyInvoice: true,
        euVatCheckingEnabled: false,
        customerReferenceEnabled: true,
        enabledItalyEInvoicing: true,
        vatNumberStrictlyRequired: false,
      },
    },
    categories: [{ name: { it: 'Ingresso', en: 'Entry' }, price: 10000 }],
  },
} satisfies { shortName: string; organizer: string; parts: EventParts };

/** A percentage promo code and an access code revealing a hidden category. */
export const codes = {
  shortName: 'contract-codes',
  parts: {
    details: { title: en('Concert'), contentLanguages: ['en'], allowedPaymentProxies: ['ON_SITE'] },
    categories: [
      { name: en('Standing'), price: 4000 },
      { name: en('Crew'), price: 1000, accessRestricted: true },
    ],
    codes: [
      { code: 'SAVE10', type: 'DISCOUNT', discountType: 'PERCENTAGE', discountAmount: 10, categoryIds: [] },
      { code: 'CREW2027', type: 'ACCESS', discountType: 'NONE', discountAmount: 0, categoryIds: [2] },
    ],
  },
} satisfies { shortName: string; parts: EventParts };

/** Two categories sharing two seats, a waiting list once they are gone. */
export const soldOut = {
  shortName: 'contract-sold-out',
  parts: {
    details: { title: en('Recital'), contentLanguages: ['en'], allowedPaymentProxies: ['ON_SITE'], waitingListEnabled: true },
    seats: 2,
    categories: [
      { name: en('Stalls'), price: 3000 },
      { name: en('Balcony'), price: 2000 },
    ],
  },
} satisfies { shortName: string; parts: EventParts };

/** On sale in a week, taking pre-registrations until then; no privacy policy. */
export const preSale = {
  shortName: 'contract-pre-sale',
  parts: {
    details: { title: en('Open air'), contentLanguages: ['en'], allowedPaymentProxies: ['ON_SITE'], waitingListEnabled: true, preRegistrationEnabled: true, privacyPolicyUrl: null },
    categories: [{ name: en('Meadow'), price: 5000, sale: { start: localDaysFrom(now, 7, '10:00:00'), end: null } }],
  },
} satisfies { shortName: string; parts: EventParts };

/** Appends the organizers and the given events, returning once every read model shows them. */
export async function givenCatalog(app: TestApp, ...events: { shortName: string; parts: EventParts }[]): Promise<void> {
  await app.given('organizer-acme', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer() } })]);
  await app.given('organizer-milanodev', [
    catalogEvent({
      type: 'OrganizerRegistered',
      data: {
        organizer: organizer({
          slug: 'milanodev',
          name: 'MilanoDev APS',
          email: 'info@milanodev.test',
          invoicing: { companyName: 'MilanoDev APS', address: 'Via Tortona 31\n20144 Milano MI', vatNumber: 'IT09482150159', country: 'IT' },
          payment: { bankAccount: 'IT60 X054 2811 1010 0000 0123 456', bankAccountOwner: ['MilanoDev APS'], offlinePaymentDelayDays: 3 },
        }),
      },
    }),
  ]);
  for (const event of events) await app.given(`event-${event.shortName}`, eventStream(event.shortName, event.parts));
}
