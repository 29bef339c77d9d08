import { atom } from 'jotai';
import { persistLanguage } from './language-storage';

const currentLanguageAtom = atom<string | undefined>(undefined);

/**
 * The language of the interface (undefined until the root route's guard has run). Setting it also persists
 * the choice in session storage and updates `<html lang>`, so every way of changing it behaves the same.
 */
export const languageAtom = atom(
  (get) => get(currentLanguageAtom),
  (_get, set, lang: string) => {
    set(currentLanguageAtom, lang);
    persistLanguage(lang);
    if (typeof document !== 'undefined') document.documentElement.lang = lang;
  },
);
