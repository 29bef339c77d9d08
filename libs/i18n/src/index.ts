export { bundles, bundleFor, resolveLanguage, supportedLanguages, en, it, de, fr } from './bundles/index.js';
export type { MessageKey, SupportedLanguage } from './bundles/index.js';
export { languages, displayLanguage } from './languages.js';
export { chooseLanguage } from './choose-language.js';
export type { Language } from './languages.js';
export {
  countries, countriesVat, euCountriesVat, isoCountryCodes, euCountryCodes, GREECE_VAT_CODE,
  isoCodeFromVatCode, vatCodeFromIsoCode,
} from './countries.js';
export type { LocalizedCountry, IsoCountryCode } from './countries.js';
export {
  formatMessage, interpolate, interpolation, placeholdersOf, positionalArgs, messageParts, fromJavaMessageFormat,
  markersOf, fillMarkers,
} from './format-message.js';
export type { MessageArgs, MessagePart } from './format-message.js';
export { paymentMethods, paymentMethodLabelKeys } from './payment-methods.js';
export type { PaymentMethod } from './payment-methods.js';
