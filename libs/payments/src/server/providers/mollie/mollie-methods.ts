import { Locale, type HistoricPaymentMethod, type PaymentMethod } from '@mollie/api-client';
import type { OnlineMethod } from '@ticketing/payments/domain';

/**
 * Our method ids for Mollie's, for the methods alf.io offers through Mollie (reference 5.1, its SUPPORTED_METHODS).
 * ING Home'Pay was retired in 2021 (the SDK lists it as historic): Mollie answers a request for it with a 422.
 */
export const mollieMethodIds = {
  CREDIT_CARD: 'creditcard',
  IDEAL: 'ideal',
  APPLE_PAY: 'applepay',
  BANCONTACT: 'bancontact',
  BELFIUS: 'belfius',
  KBC: 'kbc',
  PRZELEWY_24: 'przelewy24',
  ING_HOME_PAY: 'inghomepay',
} as const satisfies Partial<Record<OnlineMethod, `${PaymentMethod}` | `${HistoricPaymentMethod}`>>;

export type MollieMethod = keyof typeof mollieMethodIds;

export const isMollieMethod = (method: OnlineMethod): method is MollieMethod => Object.hasOwn(mollieMethodIds, method);

const locales = Object.values(Locale);

/**
 * The checkout page's language from the buyer's (`nl`, `de-CH`): the exact region when Mollie has it, else the
 * language's first locale (`en` is en_US); undefined when Mollie has none, and Mollie picks from the browser.
 */
export function mollieLocaleFor(language: string): Locale | undefined {
  const [lang = '', region] = language.toLowerCase().split(/[-_]/);
  const exact = region === undefined ? undefined : locales.find((locale) => locale.toLowerCase() === `${lang}_${region}`);
  return exact ?? locales.find((locale) => locale.startsWith(`${lang}_`));
}
