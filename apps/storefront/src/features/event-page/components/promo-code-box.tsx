import { useEffect, useId, useRef, useState } from 'react';
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
 * a button to remove it. Applying and removing swap the form and the button, and only the query string changes
 * (route focus leaves the page alone): the focus goes on to what replaced the control the visitor was on (the
 * Remove button, the field), and a polite live region that both states keep says what happened. The buttons are
 * disabled through aria-disabled while busy: a disabled button drops the focus (see ReserveButton).
 */
export function PromoCodeBox({ applied, error, partner, currency, pending, onApply, onRemove }: Props) {
  const t = useTranslate();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  const [value, setValue] = useState('');
  const [missing, setMissing] = useState(false);
  /** What the visitor's last action did, said in the live region: the code applied or removed. */
  const [news, setNews] = useState<{ readonly action: 'applied' | 'removed'; readonly code: string } | null>(null);
  /**
   * Where the focus goes once the box shows the other state. Set before the action starts: the route may render
   * the new state before the action's promise settles.
   */
  const focusNext = useRef<'remove' | 'input' | null>(null);
  const kind = t(partner ? 'show-event.promo-code-type.partner' : 'show-event.promo-code-type.promotional');
  const titleId = `${id}-title`;

  useEffect(() => {
    const target = applied ? (focusNext.current === 'remove' ? removeButton.current : null) : focusNext.current === 'input' ? input.current : null;
    if (!target) return;
    focusNext.current = null;
    target.focus();
  }, [applied]);

  const effect = applied ? codeEffect(t, applied, currency) : null;
  const status =
    news?.action === 'applied' && applied
      ? t('storefront.promo-code.applied', applied.code)
      : news?.action === 'removed' && !applied
        ? t('storefront.promo-code.removed', news.code)
        : null;
  const message = missing ? t('show-event.promo-code.required') : error ? t(error) : null;
  const errorId = `${id}-error`;

  // One section for both states, so that its live region stays in the page when the form and the button swap.
  return (
    <section className={applied ? 'promo-code promo-code--applied' : 'promo-code'} aria-labelledby={titleId}>
      <h3 id={titleId} className="promo-code__title">
        {applied ? (
          <>
            {t('show-event.promo-code-applied', kind)} <span className="promo-code__code">{applied.code}</span>
          </>
        ) : (
          t('show-event.promo-code', kind)
        )}
      </h3>
      {applied ? (
        <>
          {effect ? <p>{effect}</p> : null}
          <button
            ref={removeButton}
            type="button"
            className="button button--secondary"
            onClick={() => {
              if (pending) return;
              focusNext.current = 'input';
              setNews({ action: 'removed', code: applied.code });
              onRemove();
            }}
            aria-disabled={pending || undefined}
            aria-busy={pending || undefined}
          >
            {t('show-event.promo-code.remove')}
          </button>
        </>
      ) : (
        <form
          className="promo-code__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const code = value.trim();
            setMissing(code === '');
            if (!code || pending) return;
            focusNext.current = 'remove';
            setNews(null);
            void onApply(code).then((valid) => {
              setValue('');
              if (valid) {
                setNews({ action: 'applied', code });
                return;
              }
              focusNext.current = null;
              input.current?.focus();
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
            <button type="submit" className="button" aria-disabled={pending || undefined} aria-busy={pending || undefined}>
              {t('show-event.promo-code.apply')}
            </button>
          </div>
          <p id={errorId} className="field-error" role="alert">
            {message}
          </p>
        </form>
      )}
      <p className="visually-hidden" role="status">
        {status}
      </p>
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
