// The i18n feature's public surface: the other features translate through it.
export { languageAtom } from './atoms';
export { browserLanguages, chooseLanguage, DEFAULT_LANGUAGE, matchLocale } from './choose-language';
export { readPersistedLanguage, persistLanguage, LANGUAGE_STORAGE_KEY } from './language-storage';
export { fillMarkers, formatMessage, interpolate } from './format-message';
export type { MessageArg } from './format-message';
export { languageOutsideContent, pickLocalized, pickLocalizedWithLanguage } from './localized';
export type { LocalizedMap } from './localized';
export { MessageOverridesProvider, useLanguage, useTranslate } from './hooks/use-translate';
export type { MessageOverrides, Translate } from './hooks/use-translate';
export { useLocalized } from './hooks/use-localized';
export type { Localize } from './hooks/use-localized';
export { useContentLanguages } from './hooks/use-content-languages';
export { LanguageSelect } from './components/language-select';
