import { de } from './de.js';
import { en } from './en.js';
import { fr } from './fr.js';
import { it } from './it.js';

export type { MessageKey } from './en.js';
export { de, en, fr, it };

/** The languages the storefront is translated into, English (the fallback) first. */
export const supportedLanguages = ['en', 'it', 'de', 'fr'] as const;
export type SupportedLanguage = (typeof supportedLanguages)[number];

/** Every bundle by language code. */
export const bundles: Readonly<Record<SupportedLanguage, Readonly<Record<string, string>>>> = { en, it, de, fr };

function isSupported(code: string): code is SupportedLanguage {
  return (supportedLanguages as readonly string[]).includes(code);
}

/**
 * The supported language a requested one resolves to: matched case-insensitively, then by its primary subtag
 * (`de-CH`, `fr_BE` -> `de`, `fr`); anything else is English, as alf.io falls back to its base bundle.
 */
export function resolveLanguage(lang: string | null | undefined): SupportedLanguage {
  const tag = (lang ?? '').trim().toLowerCase();
  if (isSupported(tag)) return tag;
  const primary = tag.split(/[-_]/)[0] ?? '';
  return isSupported(primary) ? primary : 'en';
}

/** The bundle of `lang` (see {@link resolveLanguage}); unknown languages get English. */
export function bundleFor(lang: string | null | undefined): Readonly<Record<string, string>> {
  return bundles[resolveLanguage(lang)];
}
