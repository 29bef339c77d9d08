import type { ReactNode } from 'react';
import { useId, useRef } from 'react';
import { useTranslate } from '../../i18n';
import { useAutofillSync } from '../hooks/use-autofill-sync';
import type { BookingFormPatch, BookingFormValues } from '../model/booking-form-values';
import type { BookingErrors, FieldError } from '../model/field-names';
import { fieldDomId } from '../model/field-names';
import { MAX_NAME_LENGTH } from '../model/input-limits';
import { ErrorSummary } from './error-summary';
import { TextField } from './text-field';
import '../booking.css';

type ContactField = 'firstName' | 'lastName' | 'email';

export interface ContactSectionProps {
  readonly values: Pick<BookingFormValues, ContactField>;
  /** All errors of the form by field name: the section shows its own and says when any field has one. */
  readonly errors: BookingErrors;
  /** Errors no field owns, listed above the fields (spec 2). */
  readonly globalErrors: readonly FieldError[];
  readonly onChange: (patch: BookingFormPatch) => void;
  /** What stands under the heading: the login suggestion (spec 2) where the page offers it (see LoginSuggestion). */
  readonly login?: ReactNode;
  /** Prefix of the field ids (defaults to a generated one). */
  readonly idPrefix?: string;
}

/**
 * The buyer's first name, last name and e-mail (spec 2, Booking step), with the autocomplete tokens browsers
 * fill them by. The page leaves the section out when the contact data is hidden.
 */
export function ContactSection({ values, errors, globalErrors, onChange, login, idPrefix }: ContactSectionProps) {
  const t = useTranslate();
  const generated = useId();
  const prefix = idPrefix ?? generated;
  const headingId = `${prefix}-contact-heading`;
  const fields: readonly { field: ContactField; label: string; autoComplete: string; type: 'text' | 'email' }[] = [
    { field: 'firstName', label: t('common.first-name'), autoComplete: 'given-name', type: 'text' },
    { field: 'lastName', label: t('common.last-name'), autoComplete: 'family-name', type: 'text' },
    { field: 'email', label: t('common.email'), autoComplete: 'email', type: 'email' },
  ];
  return (
    <section className="booking-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('reservation-page.your-details')}</h2>
      {login}
      <ErrorSummary globalErrors={globalErrors} hasFieldErrors={Object.keys(errors).length > 0} />
      <div className="field-row">
        {fields.map(({ field, label, autoComplete, type }) => (
          <ContactInput
            key={field}
            id={fieldDomId(prefix, field)}
            field={field}
            label={label}
            type={type}
            autoComplete={autoComplete}
            value={values[field]}
            error={errors[field]}
            onValue={(value) => onChange({ [field]: value })}
          />
        ))}
      </div>
    </section>
  );
}

interface ContactInputProps {
  readonly id: string;
  readonly field: ContactField;
  readonly label: string;
  readonly type: 'text' | 'email';
  readonly autoComplete: string;
  readonly value: string;
  readonly error: FieldError | undefined;
  readonly onValue: (value: string) => void;
}

function ContactInput({ id, field, label, type, autoComplete, value, error, onValue }: ContactInputProps) {
  const ref = useRef<HTMLInputElement>(null);
  useAutofillSync(ref, value, onValue);
  return (
    <TextField
      id={id}
      name={field}
      label={label}
      type={type}
      autoComplete={autoComplete}
      required
      maxLength={MAX_NAME_LENGTH}
      value={value}
      error={error}
      onChange={onValue}
      inputRef={ref}
    />
  );
}
