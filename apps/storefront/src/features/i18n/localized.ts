/**
 * Content (titles, descriptions, formatted dates) comes as a map per language. Spec: the text in the current
 * language, else in the first content language of the item, else any text there is.
 */
export type LocalizedMap = Readonly<Record<string, string>> | null | undefined;

export const pickLocalized = (map: LocalizedMap, lang: string, contentLanguages?: readonly { locale: string }[]): string =>
  pickLocalizedWithLanguage(map, lang, contentLanguages).text;

/**
 * The text pickLocalized picks, with the language it is in when that is not `lang` (a fallback), for the element
 * that shows it to say so (`lang`, WCAG 3.1.2): a German title in an Italian page is read out with German rules.
 */
export function pickLocalizedWithLanguage(map: LocalizedMap, lang: string, contentLanguages: readonly { locale: string }[] = []): { text: string; lang?: string } {
  const keys = Object.keys(map ?? {});
  // the current language, the content languages, then any key (case aside): the first with a text
  for (const candidate of [lang, ...contentLanguages.map((l) => l.locale), ...keys]) {
    const key = keys.find((k) => k.toLowerCase() === candidate.toLowerCase());
    if (key && map![key]) return key.toLowerCase() === lang.toLowerCase() ? { text: map![key] } : { text: map![key], lang: key };
  }
  return { text: '' };
}

/**
 * The language the interface should switch to when the current one is not among the content languages of the
 * page (so interface and content speak the same language), or undefined when no switch is needed or possible.
 * `offered` are the locales both the page's content and the system have.
 */
export function languageOutsideContent(current: string, offered: readonly string[], browser: readonly string[]): string | undefined {
  // (none offered: no match below, and offered[0] is undefined)
  if (offered.some((l) => l.toLowerCase() === current.toLowerCase())) return undefined;
  for (const candidate of [...browser, 'en']) {
    const base = candidate.toLowerCase().split(/[-_]/)[0];
    const match = offered.find((l) => l.toLowerCase() === candidate.toLowerCase()) ?? offered.find((l) => l.toLowerCase() === base);
    if (match) return match;
  }
  return offered[0];
}
