import { useId, type ReactNode } from 'react';
import { useTranslate } from '../../i18n';
import type { OfferedPaymentMethod } from '../model/payment-methods';
import { paymentMethodDescription, VERTICAL_LAYOUT_ABOVE } from '../model/payment-methods';

interface Props {
  readonly methods: readonly OfferedPaymentMethod[];
  readonly value: OfferedPaymentMethod['method'] | null;
  readonly onChange: (method: OfferedPaymentMethod['method']) => void;
  /**
   * What the chosen method asks for next (the card form): under the chosen option when the options stand one under
   * the other, under the group when they stand side by side.
   */
  readonly detail?: ReactNode;
  /** A pass's order: the descriptions speak of the pass, not of tickets. */
  readonly pass?: boolean;
}

/**
 * Spec 2 and 9: the ways to pay as a labelled radio group in the display order, side by side up to three and
 * one under the other above; each option's description (a bank transfer's days to pay) is read with it.
 */
export function PaymentMethodSelector({ methods, value, onChange, detail = null, pass = false }: Props) {
  const t = useTranslate();
  const id = useId();
  const vertical = methods.length > VERTICAL_LAYOUT_ABOVE;
  return (
    <fieldset role="radiogroup" className={`payment-methods${vertical ? ' payment-methods--vertical' : ''}`} aria-describedby={value ? undefined : `${id}-hint`}>
      {/* The section's heading says 'Payment' already: the legend names the group for screen readers only. */}
      <legend className="visually-hidden">{t('reservation-page.payment')}</legend>
      {value ? null : (
        <p id={`${id}-hint`} className="form-note">
          {t('reservation-page.payment.select-method')}
        </p>
      )}
      <div className="payment-methods__options">
        {methods.map((method) => {
          const optionId = `${id}-${method.method}`;
          const description = paymentMethodDescription(method, pass);
          return (
            <div key={method.method} className={`payment-method${value === method.method ? ' payment-method--chosen' : ''}`}>
              <input
                id={optionId}
                type="radio"
                name="paymentMethod"
                value={method.method}
                checked={value === method.method}
                aria-describedby={description ? `${optionId}-description` : undefined}
                onChange={() => onChange(method.method)}
              />
              <label htmlFor={optionId} className="payment-method__label">
                {t(method.labelKey)}
              </label>
              {description ? (
                <p id={`${optionId}-description`} className="payment-method__description">
                  {t(description.key, ...description.args)}
                </p>
              ) : null}
              {vertical && value === method.method && detail ? <div className="payment-method__detail">{detail}</div> : null}
            </div>
          );
        })}
      </div>
      {!vertical && detail ? <div className="payment-methods__detail">{detail}</div> : null}
    </fieldset>
  );
}
