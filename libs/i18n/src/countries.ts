/**
 * Countries for the billing and VAT selects (reference 3.1 items 3-5): ISO 3166-1 alpha-2 codes with names
 * localized by ICU, sorted with a French collator as alf.io does (so every language gets the same, stable
 * accent-aware order rule, e.g. "Émirats" sorts with "E", not after "Z").
 */

/** One entry of the countries endpoints (reference section 2, `LocalizedCountry`). */
export interface LocalizedCountry {
  readonly isoCode: string;
  readonly name: string;
}

/** Every officially assigned ISO 3166-1 alpha-2 code (249). Kept in the repo so ICU updates cannot change the set. */
export const isoCountryCodes = [
  'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ',
  'BA', 'BB', 'BD', 'BE', 'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS', 'BT', 'BV', 'BW', 'BY', 'BZ',
  'CA', 'CC', 'CD', 'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN', 'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ',
  'DE', 'DJ', 'DK', 'DM', 'DO', 'DZ',
  'EC', 'EE', 'EG', 'EH', 'ER', 'ES', 'ET',
  'FI', 'FJ', 'FK', 'FM', 'FO', 'FR',
  'GA', 'GB', 'GD', 'GE', 'GF', 'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT', 'GU', 'GW', 'GY',
  'HK', 'HM', 'HN', 'HR', 'HT', 'HU',
  'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT',
  'JE', 'JM', 'JO', 'JP',
  'KE', 'KG', 'KH', 'KI', 'KM', 'KN', 'KP', 'KR', 'KW', 'KY', 'KZ',
  'LA', 'LB', 'LC', 'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY',
  'MA', 'MC', 'MD', 'ME', 'MF', 'MG', 'MH', 'MK', 'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ',
  'NA', 'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ',
  'OM',
  'PA', 'PE', 'PF', 'PG', 'PH', 'PK', 'PL', 'PM', 'PN', 'PR', 'PS', 'PT', 'PW', 'PY',
  'QA',
  'RE', 'RO', 'RS', 'RU', 'RW',
  'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI', 'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS', 'ST', 'SV', 'SX', 'SY', 'SZ',
  'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO', 'TR', 'TT', 'TV', 'TW', 'TZ',
  'UA', 'UG', 'UM', 'US', 'UY', 'UZ',
  'VA', 'VC', 'VE', 'VG', 'VI', 'VN', 'VU',
  'WF', 'WS',
  'YE', 'YT',
  'ZA', 'ZM', 'ZW',
] as const;

export type IsoCountryCode = (typeof isoCountryCodes)[number];

/** The 27 EU member states (alf.io's default `EU_COUNTRIES_LIST`), with Greece under its ISO code `GR`. */
export const euCountryCodes = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU',
  'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
] as const satisfies readonly IsoCountryCode[];

/** Greece's VAT prefix is `EL`, not its ISO code: the VAT lists report it that way. */
export const GREECE_VAT_CODE = 'EL';

/** Turns a VAT-list code back into an ISO code (`EL` -> `GR`), e.g. before handing a billing country to a card provider. */
export function isoCodeFromVatCode(code: string): string {
  return code.toUpperCase() === GREECE_VAT_CODE ? 'GR' : code.toUpperCase();
}

/** The ISO code as the VAT lists report it (`GR` -> `EL`). */
export function vatCodeFromIsoCode(code: string): string {
  return code.toUpperCase() === 'GR' ? GREECE_VAT_CODE : code.toUpperCase();
}

const collator = new Intl.Collator('fr');
const byLanguage = new Map<string, readonly LocalizedCountry[]>();

/** A locale ICU can name regions in; anything it does not know (or cannot parse) gets English names. */
function regionLocale(lang: string): string {
  try {
    return Intl.DisplayNames.supportedLocalesOf([lang])[0] ?? 'en';
  } catch {
    return 'en';
  }
}

function localized(lang: string): readonly LocalizedCountry[] {
  const locale = regionLocale(lang);
  let list = byLanguage.get(locale);
  if (!list) {
    const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    list = Object.freeze(
      isoCountryCodes
        .map((isoCode) => Object.freeze({ isoCode, name: names.of(isoCode) ?? isoCode }))
        .sort((a, b) => collator.compare(a.name, b.name) || a.isoCode.localeCompare(b.isoCode)),
    );
    byLanguage.set(locale, list);
  }
  return list;
}

/** Every ISO country, named in `lang` (unknown language: English), sorted by name with a French collator. */
export function countries(lang: string): LocalizedCountry[] {
  return [...localized(lang)];
}

/** As {@link countries}, but Greece is reported as `EL` (its VAT prefix). */
export function countriesVat(lang: string): LocalizedCountry[] {
  return localized(lang).map((c) => (c.isoCode === 'GR' ? { isoCode: GREECE_VAT_CODE, name: c.name } : c));
}

const eu = new Set<string>(euCountryCodes);

/** Only the EU member states (27), Greece as `EL`, same order as {@link countries}. */
export function euCountriesVat(lang: string): LocalizedCountry[] {
  return localized(lang)
    .filter((c) => eu.has(c.isoCode))
    .map((c) => (c.isoCode === 'GR' ? { isoCode: GREECE_VAT_CODE, name: c.name } : c));
}
