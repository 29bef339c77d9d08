import type { BookingContext } from './booking-context.js';
import type { AdditionalAnswers, BookingForm } from './booking-form.js';
import { invoiceOf, type InvoiceTerms } from './normalize-booking.js';

/**
 * EU VAT numbers as VIES knows them: a country prefix (ISO code, but `EL` for Greece) and a national part whose
 * shape depends on the country. Used to tell a plausible number from a typo without asking VIES, and to put a
 * number in the form VIES expects.
 */

/** The national part per VAT prefix (VIES formats; letters upper-case, separators removed). */
const NATIONAL_FORMATS: Readonly<Record<string, RegExp>> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^\d[A-Z0-9+*]\d{5}[A-Z]{1,2}$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{12}$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

/** Greece's ISO code is GR, its VAT prefix EL. */
export function vatPrefixOf(countryCode: string): string {
  const code = countryCode.trim().toUpperCase();
  return code === 'GR' ? 'EL' : code;
}

/** Upper case, without the blanks, dots, dashes and slashes people type inside numbers. */
export function compactVatNumber(value: string): string {
  return value.replace(/[\s.\-/]/g, '').toUpperCase();
}

/**
 * What VIES is asked: the prefix of `countryCode` and the national part of `vatNumber`, with separators and a
 * repeated prefix (`IT` before an Italian number, `EL` or `GR` before a Greek one) removed.
 */
export function viesQuery(countryCode: string, vatNumber: string): { readonly countryCode: string; readonly vatNumber: string } {
  const prefix = vatPrefixOf(countryCode);
  let national = compactVatNumber(vatNumber);
  const repeated = prefix === 'EL' ? ['EL', 'GR'] : [prefix];
  const found = repeated.find((p) => national.startsWith(p) && national.length > p.length);
  if (found) national = national.slice(found.length);
  return { countryCode: prefix, vatNumber: national };
}

/**
 * The tax id an invoice keeps: an EU member's VAT number as VIES knows it (the national part, compacted: what was
 * checked), any other country's number as the buyer wrote it. A country prefix is only stripped where it is the
 * EU's VAT prefix: a Swiss UID `CHE-123.456.788 MWST` starts with `CH` and is no `CH` + national part (cutting it
 * left `E123456788MWST`), and British (`GB…`) or Norwegian (`NO… MVA`) numbers are not VIES numbers either.
 */
export function taxIdOf(countryCode: string, vatNumber: string, euCountryCodes: readonly string[]): string {
  const country = countryCode.trim().toUpperCase();
  const inEu = euCountryCodes.includes(country === 'EL' ? 'GR' : country);
  return inEu ? viesQuery(country, vatNumber).vatNumber : vatNumber.trim();
}

/**
 * A `vat:eu` answer: after an EU prefix, a national part shaped as that country requires; without one, a
 * national part shaped as some member state's.
 */
export function isPlausibleEuVatNumber(value: string, euCountryCodes: readonly string[]): boolean {
  const compact = compactVatNumber(value);
  const prefixes = euCountryCodes.map(vatPrefixOf).filter((p) => NATIONAL_FORMATS[p] !== undefined);
  const prefix = prefixes.find((p) => compact.startsWith(p) || (p === 'EL' && compact.startsWith('GR')));
  // a leading prefix decides the country (`NL123456789` is a bad Dutch number, not a French national part)
  if (prefix !== undefined) return NATIONAL_FORMATS[prefix]!.test(compact.slice(2));
  return prefixes.some((p) => NATIONAL_FORMATS[p]!.test(compact));
}

/**
 * The VAT number the booking asks VIES about, or null when no check applies: the event checks EU VAT numbers, the
 * invoice the rules read from the form is a business one with a number not skipped, and the billing country is an
 * EU member.
 */
export function vatCheckRequest(
  form: Pick<BookingForm, 'vatCountryCode' | 'vatNr' | 'invoiceRequested' | 'addCompanyBillingDetails' | 'skipVatNr'>,
  terms: InvoiceTerms,
  euCountryCodes: readonly string[],
): { readonly country: string; readonly number: string } | null {
  const country = (form.vatCountryCode ?? '').trim().toUpperCase();
  const number = (form.vatNr ?? '').trim();
  const { business, skipVatNr } = invoiceOf(form, terms);
  const inEu = euCountryCodes.includes(country === 'EL' ? 'GR' : country);
  return terms.invoicing.euVatCheckingEnabled && business && !skipVatNr && inEu && number !== '' ? { country, number } : null;
}

/** A `vat:eu` answer the server asks VIES about before the rules judge it (`key`: how the rules find the outcome). */
export interface VatFieldCheck {
  /** The answer compacted (compactVatNumber): the key of `BookingContext.vatFieldChecks`. */
  readonly key: string;
  readonly country: string;
  readonly number: string;
}

/** More numbers than this in one form are judged by their format alone: VIES is asked at most this often per submit. */
export const MAX_VAT_FIELD_CHECKS = 50;

/**
 * The `vat:eu` answers to ask VIES about, as alf.io checks them (Validator.validateFieldValue through
 * SameCountryValidator: the number against VIES whenever the event checks EU VAT numbers): those of the questions
 * asked of the reservation's tickets and supplement items, well-formed (a malformed one fails without asking),
 * each once. The country is the number's own EU prefix, else the organizer's country of business when that is an
 * EU member (alf.io's only choice); a number with neither is judged by its format alone.
 */
export function vatFieldChecks(
  form: Pick<BookingForm, 'tickets' | 'additionalServices'>,
  context: Pick<BookingContext, 'tickets' | 'items' | 'invoicing' | 'euCountryCodes'>,
  organizerCountry: string | null,
): VatFieldCheck[] {
  if (!context.invoicing.euVatCheckingEnabled) return [];
  const answered: { answers: AdditionalAnswers | null | undefined; questions: BookingContext['tickets'][number]['questions'] }[] = [
    ...context.tickets.map((t) => ({ answers: form.tickets?.[t.ticketId]?.additional, questions: t.questions })),
    ...Object.values(form.additionalServices ?? {})
      .flat()
      .map((link) => ({ answers: link.additional, questions: context.items.find((i) => i.itemId === link.additionalServiceItemId)?.questions ?? [] })),
  ];
  const checks = new Map<string, VatFieldCheck>();
  for (const { answers, questions } of answered) {
    for (const question of questions.filter((q) => q.type === 'vat:eu')) {
      for (const value of answers?.[question.name] ?? []) {
        const key = compactVatNumber(value ?? '');
        if (key === '' || checks.has(key) || !isPlausibleEuVatNumber(key, context.euCountryCodes)) continue;
        const country = vatFieldCountry(key, context.euCountryCodes, organizerCountry);
        if (country !== null && checks.size < MAX_VAT_FIELD_CHECKS) checks.set(key, { key, country, number: key });
      }
    }
  }
  return [...checks.values()];
}

/** The EU country of a compacted number: its own VAT prefix, else the organizer's country when in the EU, else none. */
function vatFieldCountry(compact: string, euCountryCodes: readonly string[], organizerCountry: string | null): string | null {
  const prefixes = euCountryCodes.map(vatPrefixOf);
  const own = prefixes.find((p) => compact.startsWith(p) || (p === 'EL' && compact.startsWith('GR')));
  if (own !== undefined) return own;
  const organizer = organizerCountry === null ? null : vatPrefixOf(organizerCountry);
  return organizer !== null && prefixes.includes(organizer) ? organizer : null;
}
