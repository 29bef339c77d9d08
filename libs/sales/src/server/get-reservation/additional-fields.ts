import type { AttendeeField, LocalizedText } from '@ticketing/catalog/contracts';
import type { AdditionalFieldView } from './reservation-info.views.js';

/** A catalog text in `lang`, else in the event's first language, else any. */
export const textIn = (text: LocalizedText, lang: string, fallback: string) => text[lang] ?? text[fallback] ?? Object.values(text)[0] ?? '';

/** Who is asked: an attendee (ticket questions), or a booked supplement item (item questions). */
export type AskedOf = 'ticket' | 'item';

/**
 * `fields`, one entry per input the client builds (alf.io's Angular client makes one form control per entry, at
 * its `fieldIndex`, and reads `fieldValue` as its value). alf.io's rule (model/PurchaseContextFieldConfiguration
 * getCount, FieldConfigurationDescriptionAndValue getFields): a checkbox group of n > 1 choices has n entries, one
 * per choice in order; every other field one entry, index 0, whether answered or not. A ticket's unanswered
 * single-value field shows null (BookingInfoTicketLoader passes the missing value as null); an item's shows ''
 * (AdditionalServiceHelper defaults its values to ''). In a checkbox group an unticked choice shows null once
 * the group was answered (alf.io stores the client's positional list, nulls included) and '' before (its
 * default for a missing position). Answers are stored here as the ticked values, so the positions are those of
 * the choices they match.
 */
export function answerFields(field: Pick<AttendeeField, 'type' | 'restrictedValues'>, answers: readonly string[], askedOf: AskedOf): AdditionalFieldView['fields'] {
  if (field.type === 'checkbox' && field.restrictedValues.length > 1) {
    const unticked = answers.length > 0 ? null : '';
    return field.restrictedValues.map((choice, fieldIndex) => ({ fieldIndex, fieldValue: answers.includes(choice) ? choice : unticked }));
  }
  return [{ fieldIndex: 0, fieldValue: answers[0] ?? (askedOf === 'ticket' ? null : '') }];
}

/**
 * The choices a client offers (alf.io's BookingInfoTicketLoader toAdditionalField): a disabled value (a sold-out
 * size) is left out, unless it is an answer already given, which the form must still show.
 */
export function offeredValues(field: Pick<AttendeeField, 'restrictedValues' | 'disabledValues'>, answers: readonly string[]): string[] {
  return field.restrictedValues.filter((value) => answers.includes(value) || !field.disabledValues.includes(value));
}

/** One question as the booking form renders it (AdditionalField), with the answers given so far. */
export function additionalField(
  field: AttendeeField,
  answers: readonly string[] | undefined,
  languages: readonly string[],
  askedOf: AskedOf = 'ticket',
): AdditionalFieldView {
  const values = answers ?? [];
  const fallback = languages[0] ?? 'en';
  const restrictedValues = offeredValues(field, values);
  return {
    name: field.name,
    value: values[0] ?? (askedOf === 'ticket' ? null : ''),
    type: field.type,
    required: field.required,
    editable: field.editable,
    minLength: field.minLength,
    maxLength: field.maxLength,
    restrictedValues,
    disabledValues: [...field.disabledValues],
    // a checkbox group's positions are those of the choices offered
    fields: answerFields({ type: field.type, restrictedValues }, values, askedOf),
    beforeStandardFields: field.beforeStandardFields,
    description: Object.fromEntries(
      languages.map((lang) => [
        lang,
        {
          label: textIn(field.label, lang, fallback),
          placeholder: textIn(field.placeholder, lang, fallback),
          restrictedValuesDescription: Object.fromEntries(
            Object.entries(field.restrictedValuesDescription).map(([value, text]) => [value, textIn(text, lang, fallback) || value]),
          ),
        },
      ]),
    ),
  };
}

/** The attendee questions of a ticket of `categoryId` (not those of supplements), in display order. */
export function fieldsForCategory(fields: readonly AttendeeField[], categoryId: number): AttendeeField[] {
  return fields
    .filter((f) => f.additionalServiceId === null && (f.categoryIds.length === 0 || f.categoryIds.includes(categoryId)))
    .sort((a, b) => a.ordinal - b.ordinal);
}

/** The questions asked for each booked item of a supplement. */
export function fieldsForService(fields: readonly AttendeeField[], serviceId: number): AttendeeField[] {
  return fields.filter((f) => f.additionalServiceId === serviceId).sort((a, b) => a.ordinal - b.ordinal);
}
