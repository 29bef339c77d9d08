import { useTranslate } from '../../i18n';
import type { Toast } from '../atoms';

/** One toast (ToastRegion): its icon, its message in the visitor's language, and a button that closes it. */
export function ToastCard({ toast, onClose }: { toast: Toast; onClose: () => void }) {
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
