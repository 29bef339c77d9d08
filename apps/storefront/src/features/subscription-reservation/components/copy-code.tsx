import { useId } from 'react';
import { useTranslate } from '../../i18n';
import { useToast } from '../../toast';

interface Props {
  /** The code's name, a visible label ('PIN', 'Subscription ID'). */
  readonly label: string;
  readonly code: string;
  /** What the code is for, read with it. */
  readonly description: string;
  /** The copy button's name ('Copy the PIN to the clipboard'). */
  readonly copyLabel: string;
}

/** Spec 8: what a copy says, in the polite toast region (so a screen reader hears it too). */
export const COPIED = 'reservation-page-complete.subscription.copy.success';

/**
 * A code of the pass to keep (spec 2, Subscription success page: PIN and subscription id): shown in a read-only
 * field that can be selected by hand, and a button that puts it in the clipboard and says so in a toast.
 */
export function CopyCode({ label, code, description, copyLabel }: Props) {
  const t = useTranslate();
  const toast = useToast();
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      toast.success(COPIED);
    } catch {
      // no clipboard (an insecure page, a refusal): the field is selected, for the visitor to copy by hand
      (document.getElementById(id) as HTMLInputElement | null)?.select();
    }
  };
  return (
    <div className="subscription-code">
      <label htmlFor={id}>{label}</label>
      <div className="subscription-code__row">
        <input id={id} className="subscription-code__value" value={code} readOnly aria-describedby={`${id}-description`} onFocus={(e) => e.target.select()} />
        {/* the visible word starts the name (WCAG 2.5.3): 'Copy the PIN to the clipboard' */}
        <button type="button" className="button button--secondary" aria-label={copyLabel} onClick={() => void copy()}>
          {t('common.copy')}
        </button>
      </div>
      <p id={`${id}-description`} className="subscription-code__hint">
        {description}
      </p>
    </div>
  );
}
