/**
 * The language of a server-rendered page, by the storefront's own guard order minus what only the browser
 * knows (session storage): the language asked for (the `lang` query, or the one the login started with), then
 * Accept-Language by quality, then English.
 */
export function chooseLanguage(
  queryLang: string | null | undefined,
  acceptLanguage: string | undefined,
  supported: readonly string[],
): string {
  const match = (tag: string | null | undefined): string | undefined => {
    if (!tag) return undefined;
    const base = tag.trim().toLowerCase().split(/[-_]/)[0];
    return supported.find((s) => s === base);
  };
  const fromQuery = match(queryLang);
  if (fromQuery) return fromQuery;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, quality: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((r) => r.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { tag } of ranked) {
    const found = match(tag);
    if (found) return found;
  }
  return supported.includes('en') ? 'en' : (supported[0] ?? 'en');
}
