import { z } from 'zod';

/** Wire shapes shared by the catalog views (reference section 2). Every field is emitted, nulls included. */

export const langMapSchema = z.record(z.string(), z.string()).describe('Text per language code.');

export const languageSchema = z.object({
  locale: z.string().describe('ISO 639-1 code, e.g. "en".'),
  displayLanguage: z.string().describe('The language named in itself, e.g. "Deutsch".'),
});

export const datesWithTimeZoneOffsetSchema = z
  .object({
    startDateTime: z.number().int().describe('Epoch milliseconds; 0 when there is no date.'),
    startTimeZoneOffset: z.number().int().describe('Offset of the zone at that instant, seconds east of UTC.'),
    endDateTime: z.number().int(),
    endTimeZoneOffset: z.number().int(),
  })
  .describe('DatesWithTimeZoneOffset');

export const currencyDescriptorSchema = z.object({
  code: z.string(),
  name: z.string(),
  symbol: z.string(),
  fractionDigits: z.number().int(),
});

/** The date block every event view carries: formatted with the bundle patterns, in the event's zone. */
export const eventDatesShape = {
  timeZone: z.string().describe('IANA time zone id of the event.'),
  datesWithOffset: datesWithTimeZoneOffsetSchema,
  sameDay: z.boolean(),
  formattedBeginDate: langMapSchema,
  formattedBeginTime: langMapSchema,
  formattedEndDate: langMapSchema,
  formattedEndTime: langMapSchema,
};

export const invoicingConfigurationSchema = z.object({
  userCanDownloadReceiptOrInvoice: z.boolean(),
  euVatCheckingEnabled: z.boolean(),
  invoiceAllowed: z.boolean(),
  onlyInvoice: z.boolean(),
  customerReferenceEnabled: z.boolean(),
  enabledItalyEInvoicing: z.boolean(),
  vatNumberStrictlyRequired: z.boolean(),
});

export const captchaConfigurationSchema = z.object({
  captchaForTicketSelection: z.boolean(),
  captchaForOfflinePaymentAndFree: z.boolean(),
  recaptchaApiKey: z.string().nullable(),
});

export const assignmentConfigurationSchema = z.object({
  forceAssignment: z.boolean(),
  enableAttendeeAutocomplete: z.boolean(),
  enableTicketTransfer: z.boolean(),
});

export const promotionsConfigurationSchema = z.object({ hasAccessPromotions: z.boolean(), usePartnerCode: z.boolean() });

export const analyticsConfigurationSchema = z.object({
  googleAnalyticsKey: z.string().nullable(),
  googleAnalyticsScrambledInfo: z.boolean(),
  clientId: z.string().nullable(),
});

export const offlinePaymentConfigurationSchema = z.object({ showOnlyBasicInstructions: z.boolean() });

export const embeddingConfigurationSchema = z.object({ notificationOrigin: z.string(), enabled: z.boolean() });

export type LangMap = z.infer<typeof langMapSchema>;
export type AnalyticsConfiguration = z.infer<typeof analyticsConfigurationSchema>;
