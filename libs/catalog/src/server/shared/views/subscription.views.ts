import { z } from 'zod';
import { analyticsConfigurationSchema, assignmentConfigurationSchema, captchaConfigurationSchema, embeddingConfigurationSchema, invoicingConfigurationSchema } from '@ticketing/wire';
import { currencyDescriptorSchema, datesWithTimeZoneOffsetSchema, langMapSchema, languageSchema } from './common.views.js';

const validityTypeSchema = z.enum(['STANDARD', 'CUSTOM', 'NOT_SET']);
const usageTypeSchema = z.enum(['ONCE_PER_EVENT', 'UNLIMITED']);
const timeUnitSchema = z.enum(['DAYS', 'MONTHS', 'YEARS']);

export const basicSubscriptionDescriptorInfoSchema = z
  .object({
    id: z.string().describe('UUID of the descriptor.'),
    fileBlobId: z.string().nullable(),
    title: langMapSchema,
    description: langMapSchema.describe('HTML.'),
    salePeriod: datesWithTimeZoneOffsetSchema,
    validityType: validityTypeSchema,
    usageType: usageTypeSchema,
    timeZone: z.string(),
    validityTimeUnit: timeUnitSchema.nullable(),
    validityUnits: z.number().int().nullable(),
    maxEntries: z.number().int().describe('-1 when unlimited.'),
    organizationEmail: z.null(),
    organizationName: z.null(),
    formattedPrice: z.string(),
    currency: z.string(),
    currencyDescriptor: currencyDescriptorSchema.nullable(),
    vat: z.number(),
    vatIncluded: z.boolean(),
    formattedOnSaleFrom: langMapSchema.nullable(),
    formattedOnSaleTo: langMapSchema.nullable(),
    formattedValidFrom: langMapSchema.nullable(),
    formattedValidTo: langMapSchema.nullable(),
    contentLanguages: z.array(languageSchema),
  })
  .describe('A subscription (pass) as listed.');

export const subscriptionDescriptorWithAdditionalInfoSchema = z
  .object({
    title: langMapSchema,
    description: langMapSchema.describe('HTML.'),
    fileBlobId: z.string().nullable(),
    currency: z.string(),
    currencyDescriptor: currencyDescriptorSchema.nullable(),
    vat: z.string(),
    vatIncluded: z.boolean(),
    free: z.boolean(),
    formattedPrice: z.string(),
    privacyPolicyUrl: z.string().nullable(),
    termsAndConditionsUrl: z.string().nullable(),
    websiteUrl: z.string().nullable().describe('Back-to-organizer link (spec point 3; addition to the alf.io shape).'),
    bankAccount: z.string(),
    bankAccountOwner: z.array(z.string()),
    organizationEmail: z.string(),
    organizationName: z.string(),
    salePeriod: datesWithTimeZoneOffsetSchema,
    formattedOnSaleFrom: langMapSchema.nullable(),
    formattedOnSaleTo: langMapSchema.nullable(),
    timeZone: z.string(),
    formattedValidFrom: langMapSchema.nullable(),
    formattedValidTo: langMapSchema.nullable(),
    validityType: validityTypeSchema,
    usageType: usageTypeSchema,
    validityTimeUnit: timeUnitSchema.nullable(),
    validityUnits: z.number().int().nullable(),
    maxEntries: z.number().int().nullable().describe('Null when unlimited.'),
    numAvailable: z.number().int().describe('0 outside the sale period; 2147483647 when unlimited.'),
    invoicingConfiguration: invoicingConfigurationSchema,
    analyticsConfiguration: analyticsConfigurationSchema,
    captchaConfiguration: captchaConfigurationSchema,
    embeddingConfiguration: embeddingConfigurationSchema,
    assignmentConfiguration: assignmentConfigurationSchema,
    offlinePaymentConfiguration: z.null(),
    canApplySubscriptions: z.boolean(),
    contentLanguages: z.array(languageSchema),
  })
  .describe('Everything the subscription page shows (no id property, as alf.io).');

export type BasicSubscriptionDescriptorInfo = z.infer<typeof basicSubscriptionDescriptorInfoSchema>;
export type SubscriptionDescriptorWithAdditionalInfo = z.infer<typeof subscriptionDescriptorWithAdditionalInfoSchema>;
