import { z } from 'zod';
import {
  analyticsConfigurationSchema,
  assignmentConfigurationSchema,
  captchaConfigurationSchema,
  embeddingConfigurationSchema,
  invoicingConfigurationSchema,
  offlinePaymentConfigurationSchema,
  promotionsConfigurationSchema,
} from '@ticketing/wire';

export {
  analyticsConfigurationSchema,
  assignmentConfigurationSchema,
  captchaConfigurationSchema,
  embeddingConfigurationSchema,
  invoicingConfigurationSchema,
  offlinePaymentConfigurationSchema,
  promotionsConfigurationSchema,
};

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








export type LangMap = z.infer<typeof langMapSchema>;
export type AnalyticsConfiguration = z.infer<typeof analyticsConfigurationSchema>;
