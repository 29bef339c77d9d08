import { useTranslate } from '../../i18n';
import type { FieldError } from '../../booking';
import { CheckoutDialog } from './checkout-dialog';

/** Spec 2 and 4: the reservation expired; a static modal whose only way out is the event page. */
export function ExpiredDialog({ onBackToEvent }: { readonly onBackToEvent: () => void }) {
  const t = useTranslate();
  return (
    <CheckoutDialog title={t('reservation-page.expired.title')} text={t('reservation-page.expired.text')}>
      <button type="button" className="button" onClick={onBackToEvent}>
        {t('reservation-page.expired.button')}
      </button>
    </CheckoutDialog>
  );
}

interface CancelProps {
  readonly pending: boolean;
  readonly onYes: () => void;
  readonly onNo: () => void;
}

/** Spec 2: cancel the reservation? yes / no. */
export function CancelReservationDialog({ pending, onYes, onNo }: CancelProps) {
  const t = useTranslate();
  return (
    <CheckoutDialog title={t('reservation-page.cancel-reservation.confirmation.title')} text={t('reservation-page.cancel-reservation.confirmation.text')} onEscape={onNo}>
      <button type="button" className="button button--secondary" onClick={onNo}>
        {t('common.no')}
      </button>
      <button type="button" className="button button--danger" onClick={onYes} disabled={pending} aria-busy={pending || undefined}>
        {t('common.yes')}
      </button>
    </CheckoutDialog>
  );
}

/** Spec 2, overview: take the applied pass off the order? no / yes (its ticket costs its price again). */
export function RemoveSubscriptionDialog({ pending, onYes, onNo }: CancelProps) {
  const t = useTranslate();
  return (
    <CheckoutDialog title={t('reservation-page.overview.modal.remove-subscription')} text={t('reservation-page.overview.modal.remove-subscription.text')} onEscape={onNo}>
      <button type="button" className="button button--secondary" onClick={onNo}>
        {t('common.no')}
      </button>
      <button type="button" className="button button--danger" onClick={onYes} disabled={pending} aria-busy={pending || undefined}>
        {t('common.yes')}
      </button>
    </CheckoutDialog>
  );
}

interface WarningProps {
  readonly warning: FieldError;
  readonly pending: boolean;
  readonly onCheck: () => void;
  readonly onProceed: () => void;
}

/** Spec 2 and 8: the first warning of validate-to-overview; 'check again' returns to the form, 'proceed' accepts it. */
export function WarningDialog({ warning, pending, onCheck, onProceed }: WarningProps) {
  const t = useTranslate();
  return (
    <CheckoutDialog title={t('warning.modal.title')} text={t(warning.code, ...warning.args)} onEscape={onCheck}>
      <button type="button" className="button button--secondary" onClick={onCheck}>
        {t('warning.check')}
      </button>
      <button type="button" className="button" onClick={onProceed} disabled={pending} aria-busy={pending || undefined}>
        {t('warning.proceed')}
      </button>
    </CheckoutDialog>
  );
}
