import { useAtomValue, useSetAtom } from 'jotai';
import { useLayoutEffect, useMemo } from 'react';
import { useLanguages } from '../../../api/app-queries';
import { languageAtom, pageLanguageAtom } from '../atoms';
import { browserLanguages } from '../choose-language';
import { languageOutsideContent } from '../localized';

/**
 * The system languages a page may offer: those among its content languages (all of them when the page does
 * not say). When the current language is not offered, the interface switches to the best offered one
 * (browser preference, English, first), as a visitor who came with `?lang=fr` to an Italian-only event reads it
 * in Italian rather than in a mix of French chrome and Italian content. That switch is the page's, not the
 * visitor's choice: it is not persisted (pageLanguageAtom).
 */
export function useContentLanguages(contentLanguages: readonly string[] | undefined): readonly string[] | undefined {
  const language = useAtomValue(languageAtom);
  const putOn = useSetAtom(pageLanguageAtom);
  const { data: languages } = useLanguages();
  const offered = useMemo(() => {
    if (!contentLanguages?.length || !languages) return undefined;
    const wanted = contentLanguages.map((l) => l.toLowerCase());
    return languages.map((l) => l.locale).filter((locale) => wanted.includes(locale.toLowerCase()));
  }, [contentLanguages, languages]);

  // before the paint: a navigation within such a page (the guard puts the visitor's choice back on) shows no flash of it
  useLayoutEffect(() => {
    if (!language || !offered) return;
    const next = languageOutsideContent(language, offered, browserLanguages());
    if (next) putOn(next);
  }, [language, offered, putOn]);

  if (!contentLanguages?.length) return undefined;
  if (!offered) return contentLanguages; // system languages not known yet
  return offered.length ? offered : undefined; // none of them is served: offer every language
}
