/** Spec 9: session storage holds the language preference (same key as the alf.io storefront). */
export const LANGUAGE_STORAGE_KEY = 'ALFIO_LANG';

export function readPersistedLanguage(): string | undefined {
  try {
    return sessionStorage.getItem(LANGUAGE_STORAGE_KEY) ?? undefined;
  } catch {
    return undefined; // storage disabled (privacy mode, sandboxed iframe)
  }
}

export function persistLanguage(lang: string): void {
  try {
    sessionStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // storage disabled: the choice lasts for this page only
  }
}
