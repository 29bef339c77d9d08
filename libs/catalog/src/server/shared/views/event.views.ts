import { z } from 'zod';
import { analyticsConfigurationSchema, assignmentConfigurationSchema, captchaConfigurationSchema, embeddingConfigurationSchema, invoicingConfigurationSchema, offlinePaymentConfigurationSchema, promotionsConfigurationSchema } from '@ticketing/wire';
import { currencyDescriptorSchema, eventDatesShape, langMapSchema, languageSchema } from './common.views.js';

export const eventFormatSchema = z.enum(['IN_PERSON', 'ONLINE', 'HYBRID']);

export const basicEventInfoSchema = z
  .object({
    shortName: z.string(),
    fileBlobId: z.string().nullable().describe('Id of the header image, served at /file/{fileBlobId}.'),
    title: langMapSchema,
    format: eventFormatSchema,
    location: z.string().nullable(),
    ...eventDatesShape,
    contentLanguages: z.array(languageSchema),
  })
  .describe('An event as listed. Formatted dates are given in every language of the storefront.');

export const eventWithAdditionalInfoSchema = z
  .object({
    shortName: z.string(),
    displayName: z.string(),
    title: langMapSchema,
    format: eventFormatSchema,
    fileBlobId: z.string().nullable(),
    websiteUrl: z.string().nullable(),
    location: z.string().nullable(),
    mapUrl: z.string().nullable(),
    organizationName: z.string(),
    organizationEmail: z.string(),
    description: langMapSchema.describe('HTML rendered from the organizer Markdown; raw HTML in the source is escaped.'),
    privacyPolicyUrl: z.string().nullable(),
    termsAndConditionsUrl: z.string().nullable(),
    currency: z.string(),
    currencyDescriptor: currencyDescriptorSchema.nullable().describe('Null for a free event.'),
    vat: z.string().describe('VAT percentage with two decimals, e.g. "7.70".'),
    vatIncluded: z.boolean(),
    free: z.boolean(),
    bankAccount: z.string(),
    bankAccountOwner: z.array(z.string()),
    ...eventDatesShape,
    contentLanguages: z.array(languageSchema),
    invoicingConfiguration: invoicingConfigurationSchema,
    captchaConfiguration: captchaConfigurationSchema,
    assignmentConfiguration: assignmentConfigurationSchema,
    promotionsConfiguration: promotionsConfigurationSchema,
    analyticsConfiguration: analyticsConfigurationSchema,
    offlinePaymentConfiguration: offlinePaymentConfigurationSchema,
    embeddingConfiguration: embeddingConfigurationSchema,
    i18nOverride: z.record(z.string(), z.record(z.string(), z.string())).describe('Per-language message overrides, placeholders as {{0}}.'),
    availableTicketsCount: z.number().int().nullable().describe('Only when the organizer shows how many tickets are left.'),
    customCss: z.string().nullable(),
    canApplySubscriptions: z.boolean(),
    waitingRoom: z
      .object({
        opensAt: z.string().describe('When admissions begin (ISO 8601 instant).'),
        admissionsPerMinute: z.number().int(),
      })
      .nullable()
      .describe('A queue in front of the sale: join it (POST /event/{shortName}/waiting-room) and reserve with its token. Null: none.'),
  })
  .describe('Everything the event page shows.');

export type BasicEventInfo = z.infer<typeof basicEventInfoSchema>;
export type EventWithAdditionalInfo = z.infer<typeof eventWithAdditionalInfoSchema>;
