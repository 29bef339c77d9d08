import { useAtom } from 'jotai';
import { useEffect, useMemo } from 'react';
import { useLanguages } from '../../../api/app-queries';
import { languageAtom } from '../atoms';
import { browserLanguages } from '../choose-language';
import { languageOutsideContent } from '../localized';

/**
 * The system languages a page may offer: those among its content languages (all of them when the page does
 * not say). When the current language is not offered, the interface switches to the best offered one
 * (browser preference, English, first), as a visitor who came with `?lang=fr` to an Italian-only event reads it
 * in Italian rather than in a mix of French chrome and Italian content.
 */
export function useContentLanguages(contentLanguages: readonly string[] | undefined): readonly string[] | undefined {
  const [language, setLanguage] = useAtom(languageAtom);
  const { data: languages } = useLanguages();
  const offered = useMemo(() => {
    if (!contentLanguages?.length || !languages) return undefined;
    const wanted = contentLanguages.map((l) => l.toLowerCase());
    return languages.map((l) => l.locale).filter((locale) => wanted.includes(locale.toLowerCase()));
  }, [contentLanguages, languages]);

  useEffect(() => {
    if (!language || !offered) return;
    const next = languageOutsideContent(language, offered, browserLanguages());
    if (next) setLanguage(next);
  }, [language, offered, setLanguage]);

  if (!contentLanguages?.length) return undefined;
  if (!offered) return contentLanguages; // system languages not known yet
  return offered.length ? offered : undefined; // none of them is served: offer every language
}
