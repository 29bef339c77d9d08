import { useCallback } from 'react';
import type { LocalizedMap } from '../localized';
import { pickLocalized } from '../localized';
import { useLanguage } from './use-translate';

export type Localize = (map: LocalizedMap, contentLanguages?: readonly { locale: string }[]) => string;

/** `localize(event.title, event.contentLanguages)`: the content in the current language, with the spec's fallbacks. */
export function useLocalized(): Localize {
  const lang = useLanguage();
  return useCallback<Localize>((map, contentLanguages) => pickLocalized(map, lang, contentLanguages), [lang]);
}
