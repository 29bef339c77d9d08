import { useId } from 'react';
import { useTranslate } from '../../i18n';
import { parseAmount } from '../selection/selection-rules';

interface Props {
  /** The donation's title, added to the accessible name so several donations stay tellable apart. */
  readonly title: string;
  readonly currency: string;
  /** As typed. */
  readonly value: string;
  readonly onChange: (value: string) => void;
}

/**
 * A donation of the visitor's choice (spec 5): a number, 0 or more, in the event's currency, in the server's
 * grammar (at most 16 digits before and after the point, no exponent); anything else is refused here, not sent.
 */
export function DonationAmount({ title, currency, value, onChange }: Props) {
  const t = useTranslate();
  const id = useId();
  const invalid = value.trim() !== '' && parseAmount(value) === null;
  return (
    <div className="donation-amount">
      <label htmlFor={id} className="quantity__label">
        {t('show-event.donation.custom-amount.label', currency)}
        <span className="visually-hidden">: {title}</span>
      </label>
      <div className="donation-amount__row">
        <input
          id={id}
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          value={value}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        <span className="donation-amount__currency" aria-hidden="true">
          {currency}
        </span>
      </div>
      {invalid ? (
        <p id={`${id}-error`} className="field-error">
          {value.trim().startsWith('-') ? t('error.minValue', 0) : t('error.invalidFormat')}
        </p>
      ) : null}
    </div>
  );
}
