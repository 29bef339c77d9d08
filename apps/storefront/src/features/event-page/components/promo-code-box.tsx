import { useId, useRef, useState } from 'react';
import type { EventCode } from '../../../api/catalog-queries';
import type { Translate } from '../../i18n';
import { useTranslate } from '../../i18n';

interface Props {
  /** The code in force, or null. */
  readonly applied: EventCode | null;
  /** An error code to show under the field (translated), or null. */
  readonly error: string | null;
  /** The event calls its codes 'partner' codes instead of 'promotional' ones. */
  readonly partner: boolean;
  readonly currency: string;
  readonly pending: boolean;
  /** Resolves true when the code was valid; on false the field is cleared for another try. */
  readonly onApply: (code: string) => Promise<boolean>;
  readonly onRemove: () => void;
}

/**
 * The promo code box (spec 2, 5): a form, so Enter in the field applies it like the button does; the field is
 * required; an error is tied to the field and announced. With a code applied it shows what the code does and
 * a button to remove it.
 */
export function PromoCodeBox({ applied, error, partner, currency, pending, onApply, onRemove }: Props) {
  const t = useTranslate();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [missing, setMissing] = useState(false);
  const kind = t(partner ? 'show-event.promo-code-type.partner' : 'show-event.promo-code-type.promotional');
  const titleId = `${id}-title`;

  if (applied) {
    const effect = codeEffect(t, applied, currency);
    return (
      <section className="promo-code promo-code--applied" aria-labelledby={titleId}>
        <h3 id={titleId} className="promo-code__title">
          {t('show-event.promo-code-applied', kind)} <span className="promo-code__code">{applied.code}</span>
        </h3>
        {effect ? <p>{effect}</p> : null}
        <button type="button" className="button button--secondary" onClick={onRemove} disabled={pending}>
          {t('show-event.promo-code.remove')}
        </button>
      </section>
    );
  }

  const message = missing ? t('show-event.promo-code.required') : error ? t(error) : null;
  const errorId = `${id}-error`;
  return (
    <section className="promo-code" aria-labelledby={titleId}>
      <h3 id={titleId} className="promo-code__title">
        {t('show-event.promo-code', kind)}
      </h3>
      <form
        className="promo-code__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const code = value.trim();
          setMissing(code === '');
          if (!code || pending) return;
          void onApply(code).then((valid) => {
            if (!valid) {
              setValue('');
              input.current?.focus();
            }
          });
        }}
      >
        <label htmlFor={id}>{t('show-event.promo-code-insert', kind)}</label>
        <div className="promo-code__row">
          <input
            ref={input}
            id={id}
            name="promoCode"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            required
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? errorId : undefined}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              if (missing) setMissing(false);
            }}
          />
          <button type="submit" className="button" disabled={pending} aria-busy={pending || undefined}>
            {t('show-event.promo-code.apply')}
          </button>
        </div>
        <p id={errorId} className="field-error" role="alert">
          {message}
        </p>
      </form>
    </section>
  );
}

/** What an applied code does, in words (spec 3, Event code). */
function codeEffect(t: Translate, code: EventCode, currency: string): string | null {
  if (code.type === 'ACCESS') return t('show-event.promo-code-access');
  if (code.type !== 'DISCOUNT' || !code.discountAmount) return null;
  switch (code.discountType) {
    case 'PERCENTAGE':
      return t('show-event.promo-code-percentage-discount', `${code.discountAmount}%`);
    case 'FIXED_AMOUNT':
      return t('show-event.promo-code-fixed-amount-discount', `${code.discountAmount} ${currency}`);
    case 'FIXED_AMOUNT_RESERVATION':
      return t('show-event.promo-code-fixed-amount-reservation-discount', `${code.discountAmount} ${currency}`);
    default:
      return null;
  }
}
