import { bookingErrors } from './booking-errors.js';
import type { AdditionalAnswers } from './booking-form.js';
import type { BookingQuestion } from './booking-question.js';
import type { BookingReport } from './booking-report.js';
import type { VatCheckStatus } from './booking-context.js';
import { compactVatNumber, isPlausibleEuVatNumber } from './eu-vat-number.js';
import { lengthOf } from './form-values.js';
import { ageOn, compareLocalDates, parseLocalDate, type LocalDate } from './local-date.js';

/** What the extra-field rules read besides the answers. */
export interface FieldRulesContext {
  readonly today: LocalDate;
  readonly euCountryCodes: readonly string[];
  readonly countryCodes: readonly string[];
  /** VIES outcomes of `vat:eu` answers, by the answer compacted (BookingContext.vatFieldChecks). */
  readonly vatFieldChecks?: Readonly<Record<string, VatCheckStatus>>;
}

/** A checkbox group with several choices: `required` means at least one ticked. */
function isMultipleChoice(field: BookingQuestion): boolean {
  return field.type === 'checkbox' && field.restrictedValues.length > 1;
}

/**
 * Checks the answers to `fields` (each value under `<prefix>additional[<name>][<i>]`); answers to fields not
 * listed are not looked at (the caller stores only listed ones).
 */
export function checkAdditionalAnswers(
  answers: AdditionalAnswers | null | undefined,
  fields: readonly BookingQuestion[],
  prefix: string,
  context: FieldRulesContext,
  report: BookingReport,
): void {
  for (const field of fields) {
    const base = `${prefix}additional[${field.name}]`;
    const values = answers?.[field.name] ?? [];
    // an empty list is no answer at all (alf.io let `[]` through a required field)
    if (values.length === 0) {
      if (field.required) report.reject(`${base}[0]`, bookingErrors.emptyField);
      continue;
    }
    const multiple = isMultipleChoice(field);
    if (field.required && multiple && values.every((v) => (v ?? '').trim() === '')) report.reject(base, bookingErrors.emptyField);
    values.forEach((value, i) => checkValue((value ?? '').trim(), field, multiple, `${base}[${i}]`, context, report));
  }
}

function checkValue(value: string, field: BookingQuestion, multiple: boolean, path: string, context: FieldRulesContext, report: BookingReport): void {
  if (value === '') {
    if (field.required && !multiple) report.reject(path, bookingErrors.emptyField);
    return;
  }
  if (field.type === 'input:dateOfBirth') checkDateOfBirth(value, field, path, context.today, report);
  else checkLength(value, field, path, report);
  if (field.restrictedValues.length > 0) {
    if (!field.restrictedValues.includes(value)) report.reject(path, bookingErrors.restrictedValue);
  } else if (field.type === 'country' && !context.countryCodes.includes(value.toUpperCase())) {
    report.reject(path, bookingErrors.restrictedValue);
  }
  if (field.disabledValues.includes(value)) report.reject(path, bookingErrors.disabledValue);
  if (field.type === 'vat:eu') checkEuVatNumber(value, path, context, report);
}

/** Well-formed for an EU member state, and not refused by VIES when the server asked (an outage: try again). */
function checkEuVatNumber(value: string, path: string, context: FieldRulesContext, report: BookingReport): void {
  if (!isPlausibleEuVatNumber(value, context.euCountryCodes)) {
    report.reject(path, bookingErrors.invalidVat);
    return;
  }
  const status = context.vatFieldChecks?.[compactVatNumber(value)];
  if (status === 'INVALID') report.reject(path, bookingErrors.invalidVat);
  else if (status === 'UNAVAILABLE') report.reject(path, bookingErrors.viesDown);
}

function checkLength(value: string, field: BookingQuestion, path: string, report: BookingReport): void {
  const length = lengthOf(value);
  if (field.maxLength !== null && length > field.maxLength) report.reject(path, bookingErrors.tooLong, [field.maxLength]);
  if (field.minLength !== null && length < field.minLength) report.reject(path, bookingErrors.tooShort, [field.minLength]);
}

/** A real date, yesterday at the latest; min/maxLength are the youngest and oldest ages allowed. */
function checkDateOfBirth(value: string, field: BookingQuestion, path: string, today: LocalDate, report: BookingReport): void {
  const birth = parseLocalDate(value);
  if (birth === null || compareLocalDates(birth, today) >= 0) {
    report.reject(path, bookingErrors.restrictedValue);
    return;
  }
  if (field.maxLength !== null && ageOn(birth, today, true) > field.maxLength) report.reject(path, bookingErrors.tooOld, [field.maxLength]);
  if (field.minLength !== null && ageOn(birth, today, false) < field.minLength) report.reject(path, bookingErrors.tooYoung, [field.minLength]);
}

/** The answers worth storing: those to `fields`, trimmed, blanks dropped. */
export function answersTo(answers: AdditionalAnswers | null | undefined, fields: readonly BookingQuestion[]): Readonly<Record<string, readonly string[]>> {
  const stored: Record<string, readonly string[]> = {};
  for (const field of fields) {
    const values = (answers?.[field.name] ?? []).map((v) => (v ?? '').trim()).filter((v) => v !== '');
    if (values.length > 0) stored[field.name] = values;
  }
  return stored;
}
