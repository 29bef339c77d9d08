import { useLanguage, useTranslate } from '../../i18n';
import type { AdditionalField } from '../model/additional-field';
import { describeField, restrictedValueLabel } from '../model/additional-field';
import { longDate, yesterday } from '../model/dates';
import type { FieldError } from '../model/field-names';
import type { Country } from './country-field';
import { countryFieldPart } from './country-field-part';
import { describedBy, FieldErrorText, RequiredMark } from './field-parts';
import { TextField } from './text-field';

export interface AdditionalFieldInputProps {
  readonly field: AdditionalField;
  /** DOM id of the control (of the group for checkboxes and radios). */
  readonly id: string;
  /** The server name of the value at an index (`tickets[<uuid>].additional[<name>][<i>]`). */
  readonly nameAt: (index: number) => string;
  readonly values: readonly string[];
  readonly onChange: (values: string[]) => void;
  readonly error: FieldError | undefined;
  readonly readOnly: boolean;
  readonly contentLanguages: readonly { locale: string }[];
  readonly countries: readonly Country[];
  /** Epoch ms: the date of birth may be yesterday at the latest. */
  readonly now: number;
}

/**
 * One extra field of the organizer (spec 2): the nine types, labelled and placeholdered from its description
 * in the current language, starred when required, read-only per the field-locking rules.
 */
export function AdditionalFieldInput(props: AdditionalFieldInputProps) {
  const { field, id, nameAt, values, onChange, error, readOnly, contentLanguages, now } = props;
  const t = useTranslate();
  const lang = useLanguage();
  const description = describeField(field, lang, contentLanguages);
  const value = values[0] ?? '';
  const single = (next: string) => onChange([next]);
  const common = {
    id,
    name: nameAt(0),
    label: description.label,
    value,
    error,
    required: field.required,
    readOnly,
    placeholder: description.placeholder ?? undefined,
    onChange: single,
  };

  switch (field.type) {
    case 'input:dateOfBirth':
      return <TextField {...common} type="date" max={yesterday(now)} hint={longDate(value, lang) || undefined} placeholder={undefined} />;
    case 'textarea':
      return <TextField {...common} multiline minLength={field.minLength ?? undefined} maxLength={field.maxLength ?? undefined} />;
    case 'input:tel':
      return <TextField {...common} type="tel" autoComplete="tel" minLength={field.minLength ?? undefined} maxLength={field.maxLength ?? undefined} />;
    case 'country':
      return (
        <countryFieldPart.Part
          id={id}
          name={nameAt(0)}
          label={description.label}
          value={value}
          countries={props.countries}
          required={field.required}
          readOnly={readOnly}
          error={error}
          onChange={single}
        />
      );
    case 'select':
      return (
        <div className="field">
          <label htmlFor={id}>
            {description.label}
            <RequiredMark required={field.required} />
          </label>
          <select
            id={id}
            name={nameAt(0)}
            value={value}
            required={field.required}
            disabled={readOnly}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(error && `${id}-error`)}
            onChange={(e) => single(e.target.value)}
          >
            <option value="">{description.placeholder || t('additional-field.select.placeholder')}</option>
            {field.restrictedValues.map((v) => (
              <option key={v} value={v}>
                {restrictedValueLabel(description, v)}
              </option>
            ))}
          </select>
          <FieldErrorText id={`${id}-error`} error={error} />
        </div>
      );
    case 'checkbox':
    case 'radio':
      return <ChoiceGroup {...props} label={description.label} optionLabel={(v) => restrictedValueLabel(description, v)} />;
    default:
      // input:text, vat:eu, and any type this client does not know yet
      return (
        <TextField
          {...common}
          autoComplete={field.type === 'vat:eu' ? 'off' : undefined}
          minLength={field.minLength ?? undefined}
          maxLength={field.maxLength ?? undefined}
        />
      );
  }
}

interface ChoiceGroupProps extends AdditionalFieldInputProps {
  readonly label: string;
  readonly optionLabel: (value: string) => string;
}

/**
 * Radios (one value) or checkboxes (several values), grouped under the field's label. A required one says so to
 * assistive technology, the star being hidden from it: each radio, and a single checkbox, is `required`; a group of
 * checkboxes (at least one to tick, which no attribute of theirs can say) has the word in its legend, unseen.
 */
function ChoiceGroup({ field, id, nameAt, values, onChange, error, readOnly, label, optionLabel }: ChoiceGroupProps) {
  const t = useTranslate();
  const multiple = field.type === 'checkbox';
  // A checkbox field without listed values is a single yes/no box.
  const options = field.restrictedValues.length > 0 ? field.restrictedValues : multiple ? ['true'] : [];
  const requiredGroup = field.required && multiple && options.length > 1;
  const errorId = `${id}-error`;
  const toggle = (option: string, checked: boolean) => {
    if (!multiple) return onChange([option]);
    const next = new Set(values);
    if (checked) next.add(option);
    else next.delete(option);
    onChange(options.filter((o) => next.has(o)));
  };
  return (
    <fieldset id={id} className="field booking-choice" aria-describedby={describedBy(error && errorId)}>
      <legend>
        {label}
        <RequiredMark required={field.required} />
        {requiredGroup ? <span className="visually-hidden"> ({t('a11y.required')})</span> : null}
      </legend>
      {options.map((option, index) => {
        const optionId = `${id}-${index}`;
        return (
          <div key={option} className="field field--checkbox">
            <input
              id={optionId}
              type={multiple ? 'checkbox' : 'radio'}
              name={nameAt(0)}
              value={option}
              checked={values.includes(option)}
              required={field.required && !requiredGroup}
              disabled={readOnly}
              aria-invalid={error ? true : undefined}
              onChange={(e) => toggle(option, e.target.checked)}
            />
            <label htmlFor={optionId}>{field.restrictedValues.length > 0 ? optionLabel(option) : t('additional-field.checkbox.yes')}</label>
          </div>
        );
      })}
      <FieldErrorText id={errorId} error={error} />
    </fieldset>
  );
}
