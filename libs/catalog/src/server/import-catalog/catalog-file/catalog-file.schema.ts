import { z } from 'zod';
import { INVOICE_NUMBER_PATTERN } from '@ticketing/catalog/contracts';
import { contentLanguages, currency, imageReference, int32, localDateTime, localizedText, markdownText, minorUnits, optionalUrl, paymentProxies, percentage, saleWindow, slug, timeZone } from './catalog-file.primitives.js';
import { eventEntrySchema } from './event-entry.schema.js';

/** The name of an environment variable: a catalog names where a secret is, never the secret itself. */
const envName = z
  .string()
  .regex(/^[A-Z][A-Z0-9_]{2,}$/, 'the NAME of an environment variable (upper case, digits, _), never a key itself')
  .describe('Name of the environment variable holding the value.');

const providerAccountsSchema = z
  .strictObject({
    stripe: z
      .strictObject({ enableSCA: z.boolean().default(true), publishableKeyEnv: envName, secretKeyEnv: envName, webhookSecretEnv: envName })
      .nullable()
      .default(null),
    mollie: z
      .strictObject({
        apiKeyEnv: envName,
        methods: z.array(z.enum(['CREDIT_CARD', 'IDEAL', 'APPLE_PAY', 'BANCONTACT', 'ING_HOME_PAY', 'BELFIUS', 'KBC', 'PRZELEWY_24'])).min(1),
      })
      .nullable()
      .default(null),
    paypal: z.strictObject({ clientIdEnv: envName, clientSecretEnv: envName, webhookIdEnv: envName }).nullable().default(null),
    saferpay: z
      .strictObject({
        customerIdEnv: envName,
        terminalIdEnv: envName,
        usernameEnv: envName,
        passwordEnv: envName,
        methods: z.array(z.enum(['CREDIT_CARD', 'TWINT', 'POSTFINANCE'])).min(1).default(['CREDIT_CARD']),
      })
      .nullable()
      .default(null),
  })
  .prefault({})
  .describe('Card and redirect provider accounts; every credential by the name of an environment variable.');

export const organizerEntrySchema = z.strictObject({
  slug: slug.describe('Public identifier (`/o/{slug}`); keep it stable.'),
  name: z.string().min(1),
  email: z.email(),
  description: z.string().nullable().default(null),
  websiteUrl: optionalUrl,
  invoicing: z
    .strictObject({
      companyName: z.string().min(1),
      address: z.string().min(1).describe('Postal address, lines separated by newlines.'),
      vatNumber: z.string().nullable().default(null),
      country: z.string().regex(/^[A-Z]{2}$/).nullable().default(null),
      invoiceNumberPattern: z
        .string()
        .regex(INVOICE_NUMBER_PATTERN, 'one %d or %0Nd where the number goes, %% for a percent sign')
        .nullable()
        .optional()
        .describe('How invoice numbers are printed: `INV-%06d` prints the 42nd invoice as INV-000042; absent: the plain number (1, 2, 3 ...).'),
    })
    .nullable()
    .default(null)
    .describe('Needed to issue invoices.'),
  payment: z
    .strictObject({
      bankAccount: z.string().nullable().default(null).describe('IBAN or account shown for bank transfers.'),
      bankAccountOwner: z.array(z.string()).default([]).describe('Account owner, one line per element.'),
      offlinePaymentDelayDays: int32().min(1).default(5).describe('Days a bank transfer may take.'),
      providers: providerAccountsSchema,
    })
    .prefault({}),
});

/** An event a pass is valid for: its short name (every category), or the event with the categories it pays for. */
const compatibleEventSchema = z.union([
  z.string().describe('Short name of the event: the pass pays for tickets of every category.'),
  z
    .strictObject({
      event: z.string().describe('Short name of the event.'),
      categories: z.array(z.string()).default([]).describe('Keys of the categories the pass pays for; empty = every category.'),
    })
    .describe('The event, limited to some of its categories.'),
]);

export const subscriptionEntrySchema = z.strictObject({
  id: z.uuid().describe('Stable id you choose (UUID, lower case): it is the public identifier of the pass.'),
  organizer: slug,
  isPublic: z.boolean().default(true).describe('Listed on the storefront (false: reachable by link only).'),
  title: localizedText.describe('Title per content language (required in each).'),
  description: markdownText.default({}),
  contentLanguages,
  image: imageReference,
  price: minorUnits,
  currency,
  vatPercentage: percentage.default(0),
  vatIncluded: z.boolean().default(true),
  timeZone,
  sale: saleWindow,
  validityType: z.enum(['STANDARD', 'CUSTOM', 'NOT_SET']).describe('STANDARD: units from purchase; CUSTOM: validFrom..validTo; NOT_SET: unlimited.'),
  validityUnits: int32().min(1).nullable().default(null).describe('STANDARD only.'),
  validityTimeUnit: z.enum(['DAYS', 'MONTHS', 'YEARS']).nullable().default(null).describe('STANDARD only.'),
  validFrom: localDateTime.nullable().default(null).describe('CUSTOM only.'),
  validTo: localDateTime.nullable().default(null).describe('CUSTOM only.'),
  usageType: z.enum(['ONCE_PER_EVENT', 'UNLIMITED']).default('ONCE_PER_EVENT'),
  maxEntries: int32().min(1).nullable().default(null).describe('Entries it grants; null = unlimited.'),
  maxAvailable: int32().min(0).nullable().default(null).describe('How many can be sold; null = unlimited.'),
  compatibleEvents: z.array(compatibleEventSchema).default([]).describe('The events it can be used for, each with the categories it pays for.'),
  privacyPolicyUrl: optionalUrl,
  termsAndConditionsUrl: optionalUrl,
  websiteUrl: optionalUrl,
  allowedPaymentProxies: paymentProxies,
  displayPin: z.boolean().default(true).describe('Show the PIN to the owner.'),
  reservationValidityMinutes: int32().min(1).default(25),
  embedding: z
    .strictObject({
      enabled: z.boolean().default(false).describe('Its pages may be embedded in an iframe.'),
      notificationOrigin: z.string().default('').describe('Origin notified by postMessage ("" = none); the only other origin allowed to frame its pages.'),
    })
    .optional()
    .describe('Embedding in a host page, as for events (absent: not embedded).'),
});

/**
 * A catalog file (YAML or JSON) or the body of `PUT /api/v2/organizer/catalog`: the desired state of what
 * it lists. Importing it twice changes nothing; an item missing from an event (category, service, code,
 * attendee field) is removed; events, organizers and subscriptions not listed are left as they are.
 */
export const catalogFileSchema = z
  .strictObject({
    organizers: z.array(organizerEntrySchema).default([]),
    events: z.array(eventEntrySchema).default([]),
    subscriptions: z.array(subscriptionEntrySchema).default([]).describe('Subscription descriptors (passes).'),
  })
  .describe('Catalog document: organizers, events (with capacities, categories, additional services, codes, attendee fields) and subscriptions.');

export type CatalogFile = z.output<typeof catalogFileSchema>;
/** What authors write: defaults not yet applied. */
export type CatalogFileInput = z.input<typeof catalogFileSchema>;
export type OrganizerEntry = z.output<typeof organizerEntrySchema>;
export type SubscriptionEntry = z.output<typeof subscriptionEntrySchema>;
export type { EventEntry } from './event-entry.schema.js';
