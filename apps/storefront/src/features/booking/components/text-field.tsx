import type { HTMLAttributes, Ref } from 'react';
import type { FieldError } from '../model/field-names';
import { describedBy, FieldErrorText, RequiredMark } from './field-parts';

export interface TextFieldProps {
  readonly id: string;
  /** The server's field name (see model/field-names.ts). */
  readonly name: string;
  readonly label: string;
  readonly value: string;
  readonly error: FieldError | undefined;
  readonly onChange: (value: string) => void;
  readonly type?: 'text' | 'email' | 'tel' | 'date';
  readonly multiline?: boolean;
  readonly autoComplete?: string;
  readonly inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  readonly required?: boolean;
  readonly readOnly?: boolean;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly max?: string;
  readonly placeholder?: string;
  /** Shown before the input and read with it (the VAT number's country code). */
  readonly prefix?: string;
  /** Shown under the input and read with it (a date in words). */
  readonly hint?: string;
  readonly inputRef?: Ref<HTMLInputElement>;
}

/**
 * A labelled text control: the star on required ones, the error under it tied by aria-describedby, and
 * aria-invalid while wrong (which is how the page finds the first field to fix).
 */
export function TextField(props: TextFieldProps) {
  const { id, name, label, value, error, onChange, type = 'text', multiline, required, readOnly, prefix, hint } = props;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const prefixId = `${id}-prefix`;
  const common = {
    id,
    name,
    value,
    required,
    readOnly,
    placeholder: props.placeholder || undefined,
    minLength: props.minLength || undefined,
    maxLength: props.maxLength || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(prefix && prefixId, hint && hintId, error && errorId),
  } as const;
  return (
    <div className={`field${readOnly ? ' field--readonly' : ''}`}>
      <label htmlFor={id}>
        {label}
        <RequiredMark required={required} />
      </label>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <div className={prefix ? 'booking-prefixed' : undefined}>
          {prefix ? (
            <span id={prefixId} className="booking-prefixed__prefix">
              {prefix}
            </span>
          ) : null}
          <input
            {...common}
            ref={props.inputRef}
            type={type}
            max={props.max}
            autoComplete={props.autoComplete}
            inputMode={props.inputMode}
            onChange={(e) => onChange(e.target.value)}
          />
        </div>
      )}
      {hint ? (
        <p id={hintId} className="booking-hint">
          {hint}
        </p>
      ) : null}
      <FieldErrorText id={errorId} error={error} />
    </div>
  );
}
