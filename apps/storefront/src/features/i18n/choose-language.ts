/**
 * The language guard of spec point 2: the `lang` query if it is available, else the choice persisted in
 * session storage, else the browser's languages in order, else English, else the first available language.
 * A candidate counts only if it is one of the available locales (case-insensitive; `de-CH` falls back to `de`).
 */
export interface LanguageCandidates {
  query?: string | null | undefined;
  persisted?: string | null | undefined;
  browser?: readonly string[] | undefined;
  available: readonly string[];
}

export const DEFAULT_LANGUAGE = 'en';

export function chooseLanguage({ query, persisted, browser = [], available }: LanguageCandidates): string {
  const candidates = [query, persisted, ...browser, DEFAULT_LANGUAGE];
  for (const candidate of candidates) {
    const match = matchLocale(candidate, available);
    if (match) return match;
  }
  return available[0] ?? DEFAULT_LANGUAGE;
}

/** The available locale that `tag` names, exactly or by its base language. */
export function matchLocale(tag: string | null | undefined, available: readonly string[]): string | undefined {
  const wanted = tag?.trim().toLowerCase().replace('_', '-');
  if (!wanted) return undefined;
  const exact = available.find((locale) => locale.toLowerCase() === wanted);
  if (exact) return exact;
  const base = wanted.split('-')[0];
  return available.find((locale) => locale.toLowerCase() === base);
}

/** The browser's preferred languages, most wanted first. */
export function browserLanguages(nav: Pick<Navigator, 'languages' | 'language'> | undefined = globalThis.navigator): string[] {
  if (!nav) return [];
  if (nav.languages?.length) return [...nav.languages];
  return nav.language ? [nav.language] : [];
}
