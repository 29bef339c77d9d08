import { atom } from 'jotai';
import { persistLanguage } from './language-storage';

const currentLanguageAtom = atom<string | undefined>(undefined);

/**
 * A language a page puts on because its content is not in the chosen one (an Italian-only event for a visitor who
 * chose German): shown, and set on `<html lang>`, but never persisted: the visitor's choice stays theirs, and the next
 * page that offers it (the guard reads the persisted choice on every navigation) is in it again.
 */
export const pageLanguageAtom = atom(null, (_get, set, lang: string) => {
  set(currentLanguageAtom, lang);
  document.documentElement.lang = lang; // the storefront renders in a browser only
});

/**
 * The language of the interface (undefined until the root route's guard has run). Setting it also persists
 * the choice in session storage and updates `<html lang>`, so every way of changing it behaves the same.
 */
export const languageAtom = atom(
  (get) => get(currentLanguageAtom),
  (_get, set, lang: string) => {
    set(pageLanguageAtom, lang);
    persistLanguage(lang);
  },
);
