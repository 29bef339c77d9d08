import { useTranslate } from '../../i18n';
import { useClearPaymentToken } from '../hooks/use-clear-payment-token';

interface Props {
  readonly reservationId: string;
  /** The overview is submitting: the held payment is not let go meanwhile. */
  readonly disabled: boolean;
}

/**
 * Spec 4, held payment token: a payment with one provider is in flight, so only its methods are offered and the
 * terms come accepted; the buyer may let go of it and choose another way to pay. A part of its own (rarely shown).
 */
export function HeldPaymentNotice({ reservationId, disabled }: Props) {
  const t = useTranslate();
  const { clear, pending } = useClearPaymentToken(reservationId);
  return (
    <div className="notice notice--info held-payment">
      <p>{t('reservation-page.payment.token-acquired')}</p>
      <button type="button" className="button button--secondary" onClick={() => void clear()} disabled={disabled || pending} aria-busy={pending || undefined}>
        {pending ? <span className="spinner" aria-hidden="true" /> : null}
        {t('reservation-page.payment.clear-token')}
      </button>
    </div>
  );
}
