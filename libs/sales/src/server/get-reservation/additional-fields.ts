import type { AttendeeField, LocalizedText } from '@ticketing/catalog/contracts';
import type { AdditionalFieldView } from './reservation-info.views.js';

/** A catalog text in `lang`, else in the event's first language, else any. */
export const textIn = (text: LocalizedText, lang: string, fallback: string) => text[lang] ?? text[fallback] ?? Object.values(text)[0] ?? '';

/** One question as the booking form renders it (AdditionalField), with the answers given so far. */
export function additionalField(field: AttendeeField, answers: readonly string[] | undefined, languages: readonly string[]): AdditionalFieldView {
  const values = answers ?? [];
  const fallback = languages[0] ?? 'en';
  return {
    name: field.name,
    value: values[0] ?? null,
    type: field.type,
    required: field.required,
    editable: field.editable,
    minLength: field.minLength,
    maxLength: field.maxLength,
    restrictedValues: [...field.restrictedValues],
    disabledValues: [...field.disabledValues],
    fields: values.map((fieldValue, fieldIndex) => ({ fieldIndex, fieldValue })),
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
