import { z } from 'zod';

/** Building blocks of the catalog file schema, each documented once. */

export const localizedText = z
  .record(z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/), z.string())
  .describe('Text per content language, e.g. `{ en: "Concert", it: "Concerto" }`.');

export const markdownText = localizedText.describe('Markdown per content language; rendered to sanitized HTML for the storefront.');

/**
 * `2030-05-10T09:00`, `2030-05-10T09:00:00` or `2030-05-10 09:00`, without an offset: wall-clock time in the
 * owner's time zone. Normalized to `YYYY-MM-DDTHH:mm:ss`, so the same instant written two ways is no change.
 */
export const localDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?$/, 'must be a local date-time like 2030-05-10T09:00 (no offset)')
  .transform((value) => {
    const text = value.replace(' ', 'T');
    return text.length === 16 ? `${text}:00` : text;
  })
  .describe('Local date-time `YYYY-MM-DDTHH:mm[:ss]`, no offset; read in the time zone of the event or subscription.');

export const saleWindow = z
  .strictObject({
    start: localDateTime.nullable().default(null).describe('On sale from (null: already on sale).'),
    end: localDateTime.nullable().default(null).describe('On sale until (null: until the event ends / no end).'),
  })
  .prefault({})
  .describe('When it can be bought.');

/**
 * Every whole number of the file: a 32-bit integer, as the read models store it (a larger one would be accepted here
 * and stop a projection for every event later).
 */
export const int32 = () => z.int32();

export const minorUnits = int32().min(0).describe('Money in integer minor units of the currency (CHF 25.00 = 2500).');

export const percentage = z.number().min(0).max(100).describe('Percent, at most two decimals (7.7 = 7.70 %).');

export const optionalUrl = z.url({ protocol: /^https?$/ }).nullable().default(null);

export const currency = z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code like CHF').describe('ISO 4217 currency code.');

export const timeZone = z.string().min(1).describe('IANA time zone, e.g. `Europe/Zurich`.');

export const slug = z.string().regex(/^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/, 'must be lower-case letters, digits and dashes');

export const paymentProxies = z
  .array(z.enum(['OFFLINE', 'ON_SITE', 'STRIPE', 'PAYPAL', 'MOLLIE', 'SAFERPAY']))
  .default([])
  .describe('Payment providers offered; required when anything is paid. OFFLINE = bank transfer.');

export const imageReference = z
  .string()
  .min(1)
  .nullable()
  .default(null)
  .describe(
    'Image: a path relative to the catalog file (CLI only) or a `data:image/png;base64,...` URI. Stored once by its sha256. PNG, JPEG, GIF, WebP or SVG, at most 2 MB.',
  );

export const contentLanguages = z
  .array(z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/))
  .min(1)
  .describe('Languages the content is written in, the first being the default; every title is required in each.');
