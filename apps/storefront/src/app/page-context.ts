/**
 * What a page tells the chrome around it: the content languages of what it shows (the language select offers
 * only those, spec 1 and 2) and its own terms and privacy links (the footer prefers them to the global ones).
 * A route's loader returns it as `{ pageContext }`; the root layout reads the deepest match that has one, so
 * this flows with the route's data instead of living in a client-state atom.
 */
export interface PageContext {
  readonly contentLanguages?: readonly string[];
  readonly termsUrl?: string | null;
  readonly privacyUrl?: string | null;
}

export interface WithPageContext {
  readonly pageContext: PageContext;
}

function hasPageContext(value: unknown): value is WithPageContext {
  return typeof value === 'object' && value !== null && 'pageContext' in value;
}

/** The page context of the deepest route match that has one. */
export function deepestPageContext(matches: readonly { loaderData?: unknown }[]): PageContext | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i]?.loaderData;
    if (hasPageContext(data)) return data.pageContext;
  }
  return undefined;
}

/** The page context of one event or pass: its content languages and its own terms and privacy links. */
export function pageContextOf(item: {
  readonly contentLanguages: readonly { locale: string }[];
  readonly termsAndConditionsUrl?: string | null;
  readonly privacyPolicyUrl?: string | null;
}): PageContext {
  return { contentLanguages: item.contentLanguages.map((l) => l.locale), termsUrl: item.termsAndConditionsUrl ?? null, privacyUrl: item.privacyPolicyUrl ?? null };
}

/** The locales of items' content languages, each once, in order of first appearance. */
export function unionOfContentLanguages(items: readonly { contentLanguages: readonly { locale: string }[] }[]): string[] {
  const seen: string[] = [];
  for (const item of items) for (const { locale } of item.contentLanguages) if (!seen.includes(locale)) seen.push(locale);
  return seen;
}
