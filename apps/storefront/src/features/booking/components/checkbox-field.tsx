import type { ReactNode } from 'react';
import type { FieldError } from '../model/field-names';
import { describedBy, FieldErrorText } from './field-parts';

interface Props {
  readonly id: string;
  readonly name: string;
  readonly label: ReactNode;
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
  readonly error?: FieldError | undefined;
  readonly readOnly?: boolean;
}

/** A single labelled checkbox (invoice requested, skip VAT number, split payment, postpone assignment). */
export function CheckboxField({ id, name, label, checked, onChange, error, readOnly }: Props) {
  const errorId = `${id}-error`;
  return (
    <div className="field field--checkbox">
      <input
        id={id}
        name={name}
        type="checkbox"
        checked={checked}
        disabled={readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && errorId)}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
      <FieldErrorText id={errorId} error={error} />
    </div>
  );
}
