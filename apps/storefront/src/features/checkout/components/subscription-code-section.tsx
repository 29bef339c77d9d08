import { useEffect, useId, useRef, useState } from 'react';
import type { FieldError } from '../../booking';
import { useTranslate } from '../../i18n';
import { useToast } from '../../toast';
import { removeSubscriptionDialog } from '../checkout-dialog-parts';
import { useSubscriptionCode } from '../hooks/use-subscription-code';
import { UNEXPECTED_ERROR } from '../model/checkout-errors';
import './subscription-code.css';

/**
 * Spec 9: the code field takes the focus this long after the visitor opens the form. In alf.io the form slid open
 * and the field could take the focus only once shown; here it is shown at once, and the delay stays the spec's.
 */
export const SUBSCRIPTION_FOCUS_DELAY_MS = 200;

interface Props {
  readonly reservationId: string;
  /** The buyer's contact e-mail, sent with the code: with a PIN, the server looks for that owner's pass only. */
  readonly email: string | null;
  /** The order summary has an APPLIED_SUBSCRIPTION row: a pass pays for a ticket. */
  readonly applied: boolean;
  /** The overview is submitting or expired: the pass is neither applied nor taken off meanwhile. */
  readonly disabled: boolean;
}

/**
 * The overview's subscription code form (spec 2, Overview step; reference items 28, 29), for an event whose tickets a
 * pass can pay for: 'register using your subscription code' opens a form asking for the pass's PIN or id (required);
 * applying it refetches the reservation, whose summary then shows the APPLIED_SUBSCRIPTION row and the new total. A
 * refusal is shown under the field, translated with the entered code as argument 0, and announced. With a pass
 * applied the section offers to remove it instead, once the visitor confirms (spec 6: event orders only). What
 * happened is said in a polite live region, and the focus goes where the visitor goes on: the field, or the button
 * that replaced the form.
 */
export function SubscriptionCodeSection({ reservationId, email, applied, disabled }: Props) {
  const t = useTranslate();
  const toast = useToast();
  const id = useId();
  const { apply, remove, pending } = useSubscriptionCode(reservationId, email);
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<FieldError | null>(null);
  const [news, setNews] = useState<string | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  /** Where the focus goes once the section shows what the visitor's last action led to. */
  const focusNext = useRef<'remove' | 'toggle' | null>(null);

  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => input.current?.focus(), SUBSCRIPTION_FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open]);

  useEffect(() => {
    const target = focusNext.current === 'remove' ? removeButton.current : focusNext.current === 'toggle' ? toggle.current : null;
    if (!target) return;
    focusNext.current = null;
    target.focus();
  }, [applied]);

  const titleId = `${id}-title`;
  const fieldId = `${id}-code`;
  const errorId = `${id}-error`;
  const formId = `${id}-form`;
  const busy = disabled || pending;

  const onApply = async () => {
    const entered = code.trim();
    if (!entered) {
      setError({ code: 'error.emptyField', args: [] });
      input.current?.focus();
      return;
    }
    if (busy) return;
    setError(null);
    setNews(null);
    const outcome = await apply(entered);
    if (outcome.kind === 'applied') {
      setOpen(false);
      setCode('');
      focusNext.current = 'remove';
      setNews(t('reservation-page.overview.applied-subscription-code'));
      return;
    }
    setError(outcome.kind === 'refused' ? outcome.error : { code: 'reservation-page.overview.subscription-not-applicable', args: [entered] });
    input.current?.focus();
  };

  const onRemove = async () => {
    setConfirmRemove(false);
    if (busy) return;
    setNews(null);
    if (await remove()) {
      focusNext.current = 'toggle';
      setNews(t('reservation-page.overview.removed-subscription'));
    } else toast.error(UNEXPECTED_ERROR);
  };

  return (
    <section className={`booking-section subscription-code${applied ? ' subscription-code--applied' : ''}`} aria-labelledby={titleId}>
      <h2 id={titleId}>{t('reservation-page.subscription')}</h2>
      {applied ? (
        <button ref={removeButton} type="button" className="button button--secondary" onClick={() => setConfirmRemove(true)} disabled={busy} aria-busy={pending || undefined}>
          {pending ? <span className="spinner" aria-hidden="true" /> : null}
          {t('summary.table.remove-applied-subscription-from-order')}
        </button>
      ) : (
        <>
          <button
            ref={toggle}
            type="button"
            className="button button--secondary"
            aria-expanded={open}
            aria-controls={formId}
            onClick={() => setOpen((was) => !was)}
          >
            {t('reservation-page.overview.pay-with-subscription')}
          </button>
          <form
            id={formId}
            className="subscription-code__form"
            hidden={!open}
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void onApply();
            }}
          >
            <label htmlFor={fieldId}>
              {t('reservation-page.overview.insert-subscription-code')}
              <span className="booking-required" aria-hidden="true">
                {' *'}
              </span>
            </label>
            <div className="subscription-code__row">
              <input
                ref={input}
                id={fieldId}
                name="code"
                type="text"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                required
                maxLength={200}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                value={code}
                onChange={(e) => {
                  setCode(e.target.value);
                  if (error?.code === 'error.emptyField') setError(null);
                }}
              />
              <button type="submit" className="button" disabled={busy} aria-busy={pending || undefined}>
                {pending ? <span className="spinner" aria-hidden="true" /> : null}
                {t('reservation-page.overview.apply-subscription-code')}
              </button>
            </div>
            <p id={errorId} className="field-error" role="alert">
              {error ? t(error.code, ...error.args) : null}
            </p>
          </form>
        </>
      )}
      {confirmRemove && applied ? (
        <removeSubscriptionDialog.Part pending={pending} onNo={() => setConfirmRemove(false)} onYes={() => void onRemove()} />
      ) : null}
      {/* what the last action did; with a pass applied and nothing done yet (the link applied it), that it is */}
      <p className="subscription-code__news" role="status">
        {news ?? (applied ? t('reservation-page.overview.applied-subscription-code') : null)}
      </p>
    </section>
  );
}
