// The i18n feature's public surface: the other features translate through it.
export { languageAtom } from './atoms';
export { browserLanguages, chooseLanguage, DEFAULT_LANGUAGE, matchLocale } from './choose-language';
export { readPersistedLanguage, persistLanguage, LANGUAGE_STORAGE_KEY } from './language-storage';
export { formatMessage, interpolate } from './format-message';
export type { MessageArg } from './format-message';
export { useLanguage, useTranslate } from './hooks/use-translate';
export type { Translate } from './hooks/use-translate';
export { LanguageSelect } from './components/language-select';
