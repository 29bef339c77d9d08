import { useTranslate } from '../../i18n';
import type { ErrorMessage } from '../reservation-errors';

interface Props {
  readonly id: string;
  readonly name: string;
  readonly label: string;
  readonly type?: 'text' | 'email';
  readonly autoComplete: string;
  readonly maxLength: number;
  readonly value: string;
  readonly error: ErrorMessage | undefined;
  readonly onChange: (value: string) => void;
}

/** A required text field: starred label, the error under it tied by aria-describedby, aria-invalid while wrong. */
export function TextField({ id, name, label, type = 'text', autoComplete, maxLength, value, error, onChange }: Props) {
  const t = useTranslate();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label} <span aria-hidden="true">*</span>
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        maxLength={maxLength}
        required
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <p id={errorId} className="field-error">
          {t(error.code, ...error.args)}
        </p>
      ) : null}
    </div>
  );
}
