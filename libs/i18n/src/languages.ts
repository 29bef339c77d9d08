import { supportedLanguages } from './bundles/index.js';

/** A language as the public API reports it (reference section 2, `Language`). */
export interface Language {
  readonly locale: string;
  /** The language's name in itself, e.g. "Deutsch", "Français". */
  readonly displayLanguage: string;
}

/**
 * The name of `locale` in its own language, first letter upper-cased by that locale's rules: ICU gives
 * "italiano" and "français" (lower case is right inside a sentence), but a selector lists them as labels.
 */
export function displayLanguage(locale: string): string {
  let name: string | undefined;
  try {
    name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale);
  } catch {
    name = undefined;
  }
  if (!name) return locale;
  const first = String.fromCodePoint(name.codePointAt(0) as number);
  return first.toLocaleUpperCase(locale) + name.slice(first.length);
}

/** The languages the storefront is translated into, each named in itself. */
export function languages(): Language[] {
  return supportedLanguages.map((locale) => ({ locale, displayLanguage: displayLanguage(locale) }));
}
