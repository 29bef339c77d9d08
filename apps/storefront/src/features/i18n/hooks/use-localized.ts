import { useCallback } from 'react';
import type { LocalizedMap } from '../localized';
import { pickLocalized, pickLocalizedWithLanguage } from '../localized';
import { useLanguage } from './use-translate';

export type Localize = (map: LocalizedMap, contentLanguages?: readonly { locale: string }[]) => string;

/** `localize(event.title, event.contentLanguages)`: the content in the current language, with the spec's fallbacks. */
export function useLocalized(): Localize {
  const lang = useLanguage();
  return useCallback<Localize>((map, contentLanguages) => pickLocalized(map, lang, contentLanguages), [lang]);
}

export type LocalizeWithLanguage = (map: LocalizedMap, contentLanguages?: readonly { locale: string }[]) => { text: string; lang?: string };

/** As useLocalized, with the language of a fallback text (for the `lang` of the element that shows it). */
export function useLocalizedWithLanguage(): LocalizeWithLanguage {
  const lang = useLanguage();
  return useCallback<LocalizeWithLanguage>((map, contentLanguages) => pickLocalizedWithLanguage(map, lang, contentLanguages), [lang]);
}
