import { usePurchaseContextSuspense } from '../../../api/purchase-context-queries';
import type { PurchaseContextRef } from '../../../app/purchase-context';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { StepIndicator } from '../../booking';
import { useTranslate } from '../../i18n';
import { useReservation } from '../hooks/use-reservation';
import { useProcessingPoll } from '../processing/use-processing-poll';
import { OrderSummary } from './order-summary';
import '../reservation-status.css';

/**
 * The processing page (spec 2): a card or redirect payment the provider has not confirmed yet. It says so, follows
 * the status every 2 s (asking the provider every 10th time, or at once with "check again now") and moves on when
 * the status does: success once paid, the overview with the provider's reason when the payment failed. After 120
 * polls it warns that the provider does not answer.
 */
export function ProcessingPaymentPage({ context, reservationId }: { context: PurchaseContextRef; reservationId: string }) {
  const t = useTranslate();
  const event = usePurchaseContextSuspense(context);
  const reservation = useReservation(reservationId);
  const { warning, checking, checkNow } = useProcessingPoll(context, reservationId);
  useDocumentTitle(t('reservation.payment-processing.title'));

  return (
    <article className="reservation-status">
      <StepIndicator current={3} paymentInProgress />
      <h1>{t('reservation.payment-processing.title')}</h1>
      <p className="notice notice--info reservation-status__processing">
        <span className="spinner" aria-hidden="true" />
        {t('reservation.payment-processing.message')}
      </p>
      <div role="alert" className="reservation-status__live">
        {warning ? <p className="notice notice--warning">{t('reservation.payment-processing.warning.message')}</p> : null}
      </div>
      <div className="reservation-actions">
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={checking || undefined}
          aria-busy={checking || undefined}
          onClick={() => void checkNow()}
        >
          {checking ? <span className="spinner" aria-hidden="true" /> : null}
          {t('reservation.payment-processing.force-check')}
        </button>
      </div>
      <OrderSummary summary={reservation.orderSummary} currency={event.currency} vatIncluded={event.vatIncluded} headingId="reservation-order" />
      <p className="reservation-status__id">{t('reservation-page-error-status.your-reservation-identifier', reservation.shortId.toUpperCase())}</p>
    </article>
  );
}
