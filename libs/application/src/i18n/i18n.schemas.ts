import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';

export const languageSchema = z.object({
  locale: z.string().describe('ISO 639-1 code, e.g. "en".'),
  displayLanguage: z.string().describe('The language named in itself, e.g. "Deutsch".'),
});
export class LanguageDto extends createZodDto(languageSchema) {}

export const localizedCountrySchema = z.object({ isoCode: z.string(), name: z.string() });
export class LocalizedCountryDto extends createZodDto(localizedCountrySchema) {}

export const bundleSchema = z.record(z.string(), z.string()).describe('Flat key -> message map; placeholders as {{0}}.');
export class MessageBundleDto extends createZodDto(bundleSchema) {}

const langParam = z
  .string()
  .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})?$/, 'error.invalidFormat')
  .describe('Language code, e.g. en, it, de-CH; unknown languages fall back to English.');

export class LangPathDto extends createZodDto(z.object({ lang: langParam })) {}

export class BundleQueryDto extends createZodDto(
  z.object({
    withSystemOverride: z
      .enum(['true', 'false'])
      .default('true')
      .describe('Apply system-level translation overrides (default true).'),
  }),
) {}
