import type { LocalDateTime, LocalizedText, SaleWindow } from '@ticketing/catalog/contracts';
import { catalogErrors, type CatalogViolation } from './catalog-violation.js';

const LOCAL_DATE_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
const CURRENCY = /^[A-Z]{3}$/;
const LANGUAGE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const SHA256 = /^[0-9a-f]{64}$/;
/** alf.io's event short names: letters, digits, `-` and `_`; they appear in every URL of the event. */
const SHORT_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

/** Collects the violations of one command, so every broken rule is reported at once. */
export class Rules {
  readonly violations: CatalogViolation[] = [];

  add(code: string, field: string, ...args: unknown[]): void {
    this.violations.push({ code, field, args });
  }

  /** Adds the violation when `ok` is false; returns `ok` so callers can skip checks that depend on it. */
  check(ok: boolean, code: string, field: string, ...args: unknown[]): boolean {
    if (!ok) this.add(code, field, ...args);
    return ok;
  }

  nonEmpty(value: string, field: string): boolean {
    return this.check(value.trim().length > 0, catalogErrors.required, field);
  }

  slug(value: string, field: string): void {
    this.check(SLUG.test(value), catalogErrors.invalidSlug, field);
  }

  shortName(value: string, field: string): void {
    this.check(SHORT_NAME.test(value), catalogErrors.invalidSlug, field);
  }

  email(value: string, field: string): void {
    this.check(EMAIL.test(value), catalogErrors.invalidEmail, field);
  }

  url(value: string | null, field: string): void {
    if (value !== null) this.check(isHttpUrl(value), catalogErrors.invalidUrl, field);
  }

  currency(value: string, field: string): void {
    this.check(CURRENCY.test(value), catalogErrors.invalidCurrency, field);
  }

  timeZone(value: string, field: string): void {
    this.check(isTimeZone(value), catalogErrors.invalidTimeZone, field);
  }

  fileId(value: string | null, field: string): void {
    if (value !== null) this.check(SHA256.test(value), catalogErrors.invalidFileId, field);
  }

  dateTime(value: LocalDateTime | null, field: string): boolean {
    return value === null || this.check(LOCAL_DATE_TIME.test(value), catalogErrors.invalidDateTime, field);
  }

  /** Both ends well-formed and, when both are set, the end strictly after the start. */
  window(start: LocalDateTime | null, end: LocalDateTime | null, field: string, startName = 'start', endName = 'end'): void {
    const valid = this.dateTime(start, `${field}${startName}`) && this.dateTime(end, `${field}${endName}`);
    // Canonical local date-times order as strings.
    if (valid && start !== null && end !== null) this.check(end > start, catalogErrors.endBeforeStart, `${field}${endName}`, start);
  }

  saleWindow(sale: SaleWindow, field: string): void {
    this.window(sale.start, sale.end, `${field}.`);
  }

  /** Money and counts: integers, at least `min`. */
  integer(value: number, field: string, min: 0 | 1): void {
    if (!this.check(Number.isInteger(value), catalogErrors.notInteger, field)) return;
    if (min === 0) this.check(value >= 0, catalogErrors.negative, field, 0);
    else this.check(value >= 1, catalogErrors.belowOne, field, 1);
  }

  optionalInteger(value: number | null, field: string, min: 0 | 1): void {
    if (value !== null) this.integer(value, field, min);
  }

  /** 0..100 with at most two decimals (7.7 %, 2.55 %). */
  percentage(value: number, field: string, min = 0): void {
    if (!this.check(value >= min && value <= 100, catalogErrors.percentageOutOfRange, field, min, 100)) return;
    this.check(Number.isInteger(Math.round(value * 100 * 1e6) / 1e6), catalogErrors.tooManyDecimals, field, 2);
  }

  languages(values: readonly string[], field: string): void {
    if (!this.check(values.length > 0, catalogErrors.required, field)) return;
    values.forEach((value, i) => this.check(LANGUAGE.test(value), catalogErrors.invalidLanguage, `${field}[${i}]`));
    this.unique(values, (v) => v, (i) => `${field}[${i}]`);
  }

  /**
   * Text in the content languages only; `required` texts (titles, names) in every one of them, so no
   * language a visitor can choose shows an empty heading.
   */
  localized(text: LocalizedText, languages: readonly string[], field: string, required: boolean): void {
    for (const language of Object.keys(text)) {
      this.check(languages.includes(language), catalogErrors.languageNotOffered, `${field}.${language}`, languages.join(','));
    }
    if (!required) return;
    for (const language of languages) {
      this.check((text[language] ?? '').trim().length > 0, catalogErrors.missingTranslation, `${field}.${language}`, language);
    }
  }

  unique<T>(items: readonly T[], keyOf: (item: T) => string, fieldOf: (index: number) => string): void {
    const seen = new Set<string>();
    items.forEach((item, i) => {
      const key = keyOf(item);
      this.check(!seen.has(key), catalogErrors.duplicateKey, fieldOf(i), key);
      seen.add(key);
    });
  }
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value.length > 0;
  } catch {
    return false;
  }
}
