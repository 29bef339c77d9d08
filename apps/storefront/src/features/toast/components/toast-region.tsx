import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useTranslate } from '../../i18n';
import type { Toast } from '../atoms';
import { hideToastAtom, TOAST_HIDE_MS, toastAtom } from '../atoms';

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

function ToastCard({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  const t = useTranslate();
  return (
    <div className={`toast toast--${toast.type.toLowerCase()}`} data-toast-type={toast.type}>
      <span className="toast__icon" aria-hidden="true">
        {toast.type === 'SUCCESS' ? '✓' : toast.type === 'ERROR' ? '!' : 'i'}
      </span>
      <p className="toast__message">{t(toast.message, ...toast.args)}</p>
      <button type="button" className="icon-button" onClick={onClose} aria-label={t('storefront.notification.close')}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
