/**
 * Content (titles, descriptions, formatted dates) comes as a map per language. Spec: the text in the current
 * language, else in the first content language of the item, else any text there is.
 */
export type LocalizedMap = Readonly<Record<string, string>> | null | undefined;

export function pickLocalized(map: LocalizedMap, lang: string, contentLanguages: readonly { locale: string }[] = []): string {
  if (!map) return '';
  const wanted = [lang, ...contentLanguages.map((l) => l.locale)];
  for (const candidate of wanted) {
    const value = valueOf(map, candidate);
    if (value) return value;
  }
  return Object.values(map).find((v) => typeof v === 'string' && v !== '') ?? '';
}

function valueOf(map: Readonly<Record<string, string>>, locale: string): string | undefined {
  if (Object.prototype.hasOwnProperty.call(map, locale)) return map[locale];
  const lower = locale.toLowerCase();
  const key = Object.keys(map).find((k) => k.toLowerCase() === lower);
  return key === undefined ? undefined : map[key];
}

/**
 * The language the interface should switch to when the current one is not among the content languages of the
 * page (so interface and content speak the same language), or undefined when no switch is needed or possible.
 * `offered` are the locales both the page's content and the system have.
 */
export function languageOutsideContent(current: string, offered: readonly string[], browser: readonly string[]): string | undefined {
  if (offered.length === 0) return undefined;
  if (offered.some((l) => l.toLowerCase() === current.toLowerCase())) return undefined;
  for (const candidate of [...browser, 'en']) {
    const base = candidate.toLowerCase().split(/[-_]/)[0];
    const match = offered.find((l) => l.toLowerCase() === candidate.toLowerCase()) ?? offered.find((l) => l.toLowerCase() === base);
    if (match) return match;
  }
  return offered[0];
}
