import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { lazyPart } from '../../../app/lazy-part';
import { hideToastAtom, TOAST_HIDE_MS, toastAtom } from '../atoms';

/**
 * A toast's card, in a chunk of its own loaded with the first toast: a toast follows something the visitor did, and
 * the entry every page loads (the event page's 120 KB, issue 19) need not carry it. The ui specs load it first
 * (test/setup-ui.ts) and test the card; the browser specs see it come.
 */
export const toastCard = lazyPart(() => import('./toast-card').then((m) => m.ToastCard));
const ToastCard = toastCard.Part;

/**
 * Two live regions stay in the page from the start (screen readers announce changes, not new regions): errors
 * go to the assertive `alert` region, success and info to the polite `status` region.
 */
export function ToastRegion() {
  const toast = useAtomValue(toastAtom);
  const hide = useSetAtom(hideToastAtom);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => hide(toast.id), TOAST_HIDE_MS);
    return () => clearTimeout(timer);
  }, [toast, hide]);

  const isError = toast?.type === 'ERROR';
  return (
    <div className="toast-container">
      <div role="alert" aria-atomic="true">
        {toast && isError ? <ToastCard toast={toast} onClose={() => hide(toast.id)} /> : null}
      </div>
      <div role="status" aria-live="polite" aria-atomic="true">
        {toast && !isError ? <ToastCard toast={toast} onClose={() => hide(toast.id)} /> : null}
      </div>
    </div>
  );
}
