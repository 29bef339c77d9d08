import type { AttendeeFieldType, EventDetails } from '@ticketing/catalog/contracts';
import { catalogErrors } from '../shared/catalog-violation.js';
import type { Rules } from '../shared/rules.js';
import type { AdditionalServiceDraft, AttendeeFieldDraft, TicketCategoryDraft } from './publish-event-catalog.command.js';

const FIELD_TYPES: ReadonlySet<string> = new Set<AttendeeFieldType>([
  'input:text',
  'input:tel',
  'vat:eu',
  'textarea',
  'country',
  'select',
  'checkbox',
  'radio',
  'input:dateOfBirth',
]);
/** A select or radio without values could never be answered; a required one would block every booking. */
const NEEDS_VALUES: ReadonlySet<string> = new Set<AttendeeFieldType>(['select', 'radio']);
/** Only these render their restricted values; on any other type a list would be silently ignored. */
const TAKES_VALUES: ReadonlySet<string> = new Set<AttendeeFieldType>(['select', 'radio', 'checkbox']);

export function validateAttendeeFields(
  rules: Rules,
  event: EventDetails,
  fields: readonly AttendeeFieldDraft[],
  categories: readonly TicketCategoryDraft[],
  services: readonly AdditionalServiceDraft[],
): void {
  const categoryKeys = new Set(categories.map((c) => c.key));
  const serviceTypes = new Map(services.map((s) => [s.key, s.type]));
  rules.unique(fields, (f) => f.name, (i) => `attendeeFields[${i}].name`);
  fields.forEach((field, i) => {
    const f = (name: string) => `attendeeFields[${i}].${name}`;
    rules.nonEmpty(field.name, f('name'));
    rules.check(FIELD_TYPES.has(field.type), catalogErrors.invalidValue, f('type'), [...FIELD_TYPES]);
    rules.check(Number.isInteger(field.ordinal), catalogErrors.notInteger, f('ordinal'));
    rules.localized(field.label, event.contentLanguages, f('label'), true);
    rules.localized(field.placeholder, event.contentLanguages, f('placeholder'), false);
    validateLengths(rules, field, f);
    validateValues(rules, event, field, f);
    field.categories.forEach((key, j) => rules.check(categoryKeys.has(key), catalogErrors.unknownCategory, `${f('categories')}[${j}]`, key));
    if (field.additionalService !== null) {
      const type = serviceTypes.get(field.additionalService);
      if (rules.check(type !== undefined, catalogErrors.unknownAdditionalService, f('additionalService'), field.additionalService)) {
        // A donation is one amount per reservation: there is no booked item to ask about.
        rules.check(type === 'SUPPLEMENT', catalogErrors.notASupplement, f('additionalService'), field.additionalService);
      }
    }
  });
}

function validateLengths(rules: Rules, field: AttendeeFieldDraft, f: (name: string) => string): void {
  rules.optionalInteger(field.minLength, f('minLength'), 0);
  rules.optionalInteger(field.maxLength, f('maxLength'), 0);
  if (field.minLength !== null && field.maxLength !== null) {
    rules.check(field.minLength <= field.maxLength, catalogErrors.minAboveMax, f('minLength'), field.maxLength, 'maxLength');
  }
}

function validateValues(rules: Rules, event: EventDetails, field: AttendeeFieldDraft, f: (name: string) => string): void {
  const values = new Set(field.restrictedValues);
  if (NEEDS_VALUES.has(field.type)) rules.check(values.size > 0, catalogErrors.restrictedValuesRequired, f('restrictedValues'), field.type);
  else if (!TAKES_VALUES.has(field.type)) rules.check(values.size === 0, catalogErrors.restrictedValuesNotAllowed, f('restrictedValues'), field.type);
  field.restrictedValues.forEach((value, j) => rules.nonEmpty(value, `${f('restrictedValues')}[${j}]`));
  rules.unique(field.restrictedValues, (v) => v, (j) => `${f('restrictedValues')}[${j}]`);
  field.disabledValues.forEach((value, j) => rules.check(values.has(value), catalogErrors.unknownValue, `${f('disabledValues')}[${j}]`, value));
  for (const [value, text] of Object.entries(field.restrictedValuesDescription)) {
    const path = `${f('restrictedValuesDescription')}.${value}`;
    if (rules.check(values.has(value), catalogErrors.unknownValue, path, value)) rules.localized(text, event.contentLanguages, path, false);
  }
}
