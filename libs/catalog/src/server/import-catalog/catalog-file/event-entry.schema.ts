import { z } from 'zod';
import {
  contentLanguages,
  currency,
  imageReference,
  localDateTime,
  localizedText,
  markdownText,
  minorUnits,
  optionalUrl,
  paymentProxies,
  percentage,
  saleWindow,
  slug,
  timeZone,
} from './catalog-file.primitives.js';
import { attendeeFieldEntrySchema } from './attendee-field-entry.schema.js';

const flag = (value: boolean, description: string) => z.boolean().default(value).describe(description);

export const capacityEntrySchema = z.strictObject({
  key: z.string().min(1).describe('Your identifier of this seat pool, referenced by categories.'),
  name: z.string().nullable().default(null),
  size: z.number().int().min(0).describe('Seats in the pool.'),
});

export const categoryEntrySchema = z.strictObject({
  key: z.string().min(1).describe('Your stable identifier of the category: keep it across imports, the numeric id follows it.'),
  name: localizedText.describe('Name per content language (required in each).'),
  description: markdownText.default({}),
  price: minorUnits.describe('Price in minor units; VAT included or not per the event. 0 = free.'),
  capacity: z.string().nullable().default(null).describe('Key of the capacity it sells from; null = unbounded (only the event total limits it).'),
  sale: saleWindow,
  accessRestricted: flag(false, 'Hidden unless the buyer enters an ACCESS code listing it.'),
  maxPerReservation: z.number().int().min(1).nullable().default(null).describe("Tickets per reservation; null = the event's maxTicketsPerReservation."),
  accessType: z.enum(['INHERIT', 'IN_PERSON', 'ONLINE']).default('INHERIT').describe('How attendees of a hybrid event take part; INHERIT = the event format.'),
  ordinal: z.number().int().optional().describe('Display order; defaults to the position in the list.'),
  code: z.string().min(1).nullable().default(null).describe('A code that, as /event/{shortName}/code/{code}, reserves one ticket of it directly.'),
});

export const additionalServiceEntrySchema = z.strictObject({
  key: z.string().min(1).describe('Your stable identifier of the item.'),
  type: z.enum(['SUPPLEMENT', 'DONATION']),
  title: localizedText.describe('Title per content language (required in each).'),
  description: markdownText.default({}),
  supplementPolicy: z
    .enum([
      'MANDATORY_ONE_FOR_TICKET',
      'MANDATORY_PERCENTAGE_FOR_TICKET',
      'MANDATORY_PERCENTAGE_RESERVATION',
      'OPTIONAL_UNLIMITED_AMOUNT',
      'OPTIONAL_MAX_AMOUNT_PER_RESERVATION',
      'OPTIONAL_MAX_AMOUNT_PER_TICKET',
    ])
    .nullable()
    .default(null)
    .describe('Required for supplements.'),
  fixPrice: flag(true, 'false: the buyer chooses the amount (donations), within minPrice..maxPrice.'),
  price: minorUnits.default(0).describe('Fixed price, or suggested amount when fixPrice is false.'),
  percentage: percentage.nullable().default(null).describe('MANDATORY_PERCENTAGE_* only: percent of the ticket / reservation total.'),
  minPrice: minorUnits.nullable().default(null),
  maxPrice: minorUnits.nullable().default(null),
  availableQuantity: z.number().int().min(0).default(999),
  maxQtyPerOrder: z.number().int().min(1).default(1),
  sale: saleWindow,
  vatType: z.enum(['INHERITED', 'NONE', 'CUSTOM_INCLUDED', 'CUSTOM_EXCLUDED']).default('INHERITED').describe("INHERITED: the event's VAT."),
  vatPercentage: percentage.nullable().default(null).describe('CUSTOM_* only.'),
  ordinal: z.number().int().optional(),
});

export const promoCodeEntrySchema = z.strictObject({
  code: z.string().min(1).describe('What buyers type (case-sensitive).'),
  type: z.enum(['DISCOUNT', 'ACCESS']).default('DISCOUNT').describe('ACCESS codes reveal access-restricted categories.'),
  discountType: z.enum(['FIXED_AMOUNT', 'FIXED_AMOUNT_RESERVATION', 'PERCENTAGE', 'NONE']).default('NONE'),
  discountAmount: z.number().int().min(0).default(0).describe('Minor units for FIXED_*, whole percent for PERCENTAGE.'),
  validFrom: localDateTime.nullable().default(null),
  validTo: localDateTime.nullable().default(null),
  maxUsage: z.number().int().min(1).nullable().default(null).describe('Confirmed uses; null = unlimited.'),
  categories: z.array(z.string()).default([]).describe('Category keys it applies to or reveals; empty = all (DISCOUNT only).'),
  currency: currency.nullable().default(null).describe("Only valid for this currency (must be the event's)."),
  description: z.string().nullable().default(null),
});

export const pollEntrySchema = z.strictObject({
  id: z.number().int().min(1).describe('Your number of the poll, unique within the event: attendees\' answers are kept by it, so keep it across imports.'),
  status: z.enum(['DRAFT', 'OPEN', 'CLOSED']).default('DRAFT').describe('DRAFT: shown to nobody; OPEN: checked-in attendees answer it; CLOSED: answers refused. Import again with another status to open or close it.'),
  title: localizedText.describe('Question per content language (required in each).'),
  description: localizedText.default({}).describe('Plain text per language.'),
  allowedTags: z
    .array(z.string().min(1))
    .default([])
    .describe('Only tickets carrying one of these tags may see and answer it; empty = every checked-in ticket. No ticket carries tags yet: a poll with tags is shown to nobody.'),
  order: z.number().int().optional().describe('Display order; defaults to the position in the list.'),
  options: z
    .array(
      z.strictObject({
        id: z.number().int().min(1).describe('Your number of the option, unique within the poll: answers name it.'),
        title: localizedText.describe('Text per content language (required in each).'),
        description: localizedText.default({}).describe('Plain text per language.'),
      }),
    )
    .default([])
    .describe('What attendees choose from (at least one unless DRAFT).'),
});

export const eventEntrySchema = z.strictObject({
  shortName: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/).describe('Public identifier in every URL; cannot be renamed (a new shortName is a new event).'),
  organizer: slug.describe('Slug of the organizer (in this file or imported before).'),
  status: z.enum(['PUBLIC', 'DRAFT', 'DISABLED']).default('PUBLIC').describe('DRAFT: reachable by URL, not listed; DISABLED: gone (404).'),
  displayName: z.string().min(1).optional().describe('Plain name for calendars; defaults to the title in the first content language.'),
  title: localizedText.describe('Title per content language (required in each).'),
  description: markdownText.default({}),
  format: z.enum(['IN_PERSON', 'ONLINE', 'HYBRID']).default('IN_PERSON'),
  location: z.string().nullable().default(null).describe('Required unless ONLINE.'),
  geolocation: z.strictObject({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }).nullable().default(null),
  mapUrl: optionalUrl,
  start: localDateTime,
  end: localDateTime,
  timeZone,
  currency,
  vatPercentage: percentage.default(0),
  vatIncluded: flag(true, 'Prices include VAT (true) or VAT is added on top (false).'),
  contentLanguages,
  privacyPolicyUrl: optionalUrl,
  termsAndConditionsUrl: optionalUrl,
  websiteUrl: optionalUrl,
  customCss: z.string().nullable().default(null).describe('CSS applied on the event page only.'),
  i18nOverrides: z.record(z.string(), z.record(z.string(), z.string())).default({}).describe('language -> message key -> text.'),
  image: imageReference,
  tags: z.array(z.string().min(1)).default([]),
  invoicing: z
    .strictObject({
      invoiceAllowed: flag(false, 'Offer invoices (needs organizer invoicing details).'),
      onlyInvoice: flag(false, 'Always an invoice, never a receipt.'),
      euVatCheckingEnabled: flag(false, 'Check EU VAT numbers (reverse charge).'),
      customerReferenceEnabled: flag(false, 'Ask for a customer reference.'),
      enabledItalyEInvoicing: flag(false, 'Italian e-invoicing fields.'),
      vatNumberStrictlyRequired: flag(false, 'A business buyer must give a VAT number.'),
    })
    .prefault({}),
  assignment: z
    .strictObject({
      forceAssignment: flag(false, 'Attendee names are required at booking.'),
      enableAttendeeAutocomplete: flag(true, "Prefill the first attendee with the buyer's data."),
      enableTicketTransfer: flag(true, 'Tickets can be reassigned.'),
    })
    .prefault({}),
  captcha: z
    .strictObject({
      captchaForTicketSelection: flag(false, 'Challenge on ticket selection.'),
      captchaForOfflinePaymentAndFree: flag(false, 'Challenge on free and bank-transfer confirmations.'),
    })
    .prefault({}),
  embedding: z
    .strictObject({
      enabled: flag(false, 'May be embedded in an iframe.'),
      notificationOrigin: z.string().default('').describe('Origin notified by postMessage ("" = none); the only other origin allowed to frame the event\'s pages.'),
      hideContactData: flag(false, 'Embedded: the booking step asks no contact; the first attendee is the buyer.'),
      hideConfirmationButtons: flag(false, 'No links on from the pages after payment (embedded pages never show them).'),
    })
    .prefault({}),
  promotions: z
    .strictObject({
      displayCodeBox: flag(true, 'Show the promo code box.'),
      usePartnerCode: flag(false, 'Call it a partner code.'),
    })
    .prefault({}),
  offlinePayment: z
    .strictObject({
      showOnlyBasicInstructions: flag(false, 'Short bank transfer instructions.'),
      deferred: flag(false, 'Deferred bank transfer: the order is confirmed and its tickets issued at once; payment is due before the event begins.'),
    })
    .prefault({}),
  allowedPaymentProxies: paymentProxies,
  allowFreeTicketsCancellation: flag(false, 'Holders may release a free ticket from its page; its seat goes back on sale (ALLOW_FREE_TICKETS_CANCELLATION).'),
  joinLinks: z
    .array(
      z.strictObject({
        url: z.url({ protocol: /^https?$/ }).describe('Where an online attendee enters (a meeting or stream link), reached through the check-in link of the ticket.'),
        validFrom: localDateTime.describe("When the link opens, in the event's time zone."),
        validTo: localDateTime.describe('When it closes.'),
        categories: z.array(z.string()).default([]).describe('Category keys it is for; empty = every category.'),
      }),
    )
    .default([])
    .describe('Online and hybrid events: the links attendees check in through (the first one open now wins). Without any, the event dates apply and there is nowhere to go.'),
  reservationValidityMinutes: z.number().int().min(1).default(25).describe('Minutes a reservation holds seats.'),
  waitingRoom: z
    .strictObject({
      opensAt: localDateTime.describe("When admissions begin, in the event's time zone: who arrives before is drawn in random order then, later arrivals queue behind."),
      admissionsPerMinute: z.number().int().min(1).max(1_000_000).describe('Buyers let through to ticket selection per minute.'),
      tokenValidityMinutes: z.number().int().min(1).max(1_440).default(10).describe('Minutes an admitted buyer may take to reserve; the slot is lost after.'),
    })
    .nullable()
    .optional()
    .describe('A fair waiting room in front of the sale; absent or null: none. Reserve-tickets then needs the token the queue hands out.'),
  maxTicketsPerReservation: z.number().int().min(1).default(5).describe("Default of the categories' maxPerReservation."),
  displayTicketsLeft: flag(false, 'Show how many tickets are left.'),
  displayExpiredCategories: flag(true, 'List expired categories (collapsed).'),
  waitingListEnabled: flag(false, 'Take waiting-list subscriptions when sold out.'),
  preRegistrationEnabled: flag(false, 'Take pre-sale registrations before the sale opens.'),
  totalSeats: z.number().int().min(0).nullable().default(null).describe('Cap over all categories; null = only capacities limit.'),
  capacities: z.array(capacityEntrySchema).default([]).describe('Seat pools (pretix quotas) that categories sell from.'),
  categories: z.array(categoryEntrySchema).default([]).describe('Ticket categories; one missing from a later import is removed.'),
  additionalServices: z.array(additionalServiceEntrySchema).default([]).describe('Supplements and donations.'),
  promoCodes: z.array(promoCodeEntrySchema).default([]).describe('Promo (DISCOUNT) and ACCESS codes of this event.'),
  attendeeFields: z.array(attendeeFieldEntrySchema).default([]).describe('Questions asked of each attendee (or per booked supplement) at booking.'),
  polls: z.array(pollEntrySchema).default([]).describe('Questions put to checked-in attendees, answered with the PIN on their ticket (alf.io\'s attendee polls).'),
});

export type EventEntry = z.output<typeof eventEntrySchema>;
