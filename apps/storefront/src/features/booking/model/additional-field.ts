/**
 * The extra ("additional") fields an organizer configures per ticket, per additional service and per
 * subscription, as reference/public-api.md section 2 describes `AdditionalField` and `BookingInfoTicket`.
 * Local types until the generated client describes the reservation endpoints; then they give way to those.
 */

/** The nine kinds of extra field (spec 2, Booking step). */
export const ADDITIONAL_FIELD_TYPES = [
  'input:text',
  'input:tel',
  'vat:eu',
  'input:dateOfBirth',
  'textarea',
  'country',
  'select',
  'checkbox',
  'radio',
] as const;

export type AdditionalFieldType = (typeof ADDITIONAL_FIELD_TYPES)[number];

/** Label, placeholder and the texts of the allowed values, in one language. */
export interface AdditionalFieldDescription {
  readonly label: string;
  readonly placeholder?: string | null;
  readonly restrictedValuesDescription?: Readonly<Record<string, string>> | null;
}

export interface AdditionalField {
  readonly name: string;
  /** The saved value of a single-valued field. */
  readonly value?: string | null;
  /** A wire string: an unknown type renders as a text input. */
  readonly type: AdditionalFieldType | (string & {});
  readonly required: boolean;
  /** Whether a value saved on an acquired ticket may still be changed. */
  readonly editable: boolean;
  /** Text types: length limits. Date of birth: minimum and maximum age in years. */
  readonly minLength?: number | null;
  readonly maxLength?: number | null;
  readonly restrictedValues: readonly string[];
  /** Values still shown but no longer accepted. */
  readonly disabledValues?: readonly string[] | null;
  /** One entry per input (one per choice of a checkbox group), null or '' where nothing is saved. */
  readonly fields: readonly { readonly fieldIndex: number; readonly fieldValue: string | null }[];
  readonly beforeStandardFields: boolean;
  readonly description: Readonly<Record<string, AdditionalFieldDescription>>;
}

/** A ticket of the reservation, as the booking step needs it. */
export interface BookingTicket {
  /** The public uuid: the key of the ticket in the form and in server field names. */
  readonly uuid: string;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly email?: string | null;
  readonly userLanguage?: string | null;
  readonly locked: boolean;
  readonly acquired: boolean;
  readonly ticketFieldConfigurationBeforeStandard: readonly AdditionalField[];
  readonly ticketFieldConfigurationAfterStandard: readonly AdditionalField[];
}

/** A booked additional service (supplement) and the fields it asks for (`AdditionalServiceWithData`). */
export interface BookedAdditionalService {
  readonly itemId: number;
  readonly ticketUUID?: string | null;
  readonly ticketFieldConfiguration: readonly AdditionalField[];
}

/** The saved values of a field, by index; falls back to `value` for single-valued fields. */
export function savedValues(field: AdditionalField): string[] {
  const byIndex = [...field.fields]
    .sort((a, b) => a.fieldIndex - b.fieldIndex)
    .map((f) => f.fieldValue)
    .filter((v): v is string => v !== null && v !== '');
  if (byIndex.length > 0) return byIndex;
  return field.value ? [field.value] : [];
}

/**
 * The description in `lang`, else in the first content language, else any there is: an organizer who
 * describes a field only in Italian still gets a labelled field in English.
 */
export function describeField(field: AdditionalField, lang: string, contentLanguages: readonly { locale: string }[] = []): AdditionalFieldDescription {
  for (const candidate of [lang, ...contentLanguages.map((l) => l.locale)]) {
    const found = field.description[candidate];
    if (found) return found;
  }
  return Object.values(field.description)[0] ?? { label: field.name };
}

/** The text of an allowed value: its description in the language, else the value itself. */
export const restrictedValueLabel = (description: AdditionalFieldDescription, value: string): string =>
  description.restrictedValuesDescription?.[value] || value;
