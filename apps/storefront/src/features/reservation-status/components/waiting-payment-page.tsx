import { usePurchaseContextSuspense } from '../../../api/purchase-context-queries';
import type { PurchaseContextRef } from '../../../app/purchase-context';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { isEmbedded } from '../../embedding';
import { useTranslate } from '../../i18n';
import { useToast } from '../../toast';
import { useFollowStatus } from '../hooks/use-follow-status';
import { useReservation } from '../hooks/use-reservation';
import type { ReservationPage } from '../reservation-page';
import { EventLinks } from './event-links';
import { MessageWith } from './message-with';
import { OrderSummary } from './order-summary';
import { PaymentInstructions } from './payment-instructions';
import { ResendEmailButton } from './resend-email-button';
import '../reservation-status.css';

/**
 * The bank-transfer page (spec 2, Other reservation pages): what to pay, to which account, with which payment
 * reason (the short id) and by when. The status is polled every 5000 ms; when the organizer confirms the
 * transfer the page moves to success (announced in the polite toast region, which outlives the page).
 */
export function WaitingPaymentPage({ context, reservationId }: { context: PurchaseContextRef; reservationId: string }) {
  const t = useTranslate();
  const toast = useToast();
  const event = usePurchaseContextSuspense(context);
  const reservation = useReservation(reservationId, ['OFFLINE_FINALIZING']);
  useFollowStatus({
    context,
    reservationId,
    page: 'waiting-payment',
    onLeave: (next: ReservationPage) => {
      if (next === 'success') toast.success('reservation-page-waiting.payment-received');
    },
  });
  useDocumentTitle(t('reservation-page-waiting.header.title'));
  // The instructions exist once the order left OFFLINE_FINALIZING; until then the reservation is polled too.
  const finalizing = reservation.status === 'OFFLINE_FINALIZING';
  const email = <a href={`mailto:${event.organizationEmail}`}>{event.organizationEmail}</a>;

  return (
    <article className="reservation-status">
      <h1>{t('reservation-page-waiting.header.title')}</h1>
      <p role="status" className="notice notice--info">
        {finalizing ? t('reservation-page-waiting.finalizing') : t('reservation-page-waiting.auto-update')}
      </p>
      {finalizing ? null : <PaymentInstructions event={event} reservation={reservation} deferred={false} />}
      <OrderSummary summary={reservation.orderSummary} currency={event.currency} vatIncluded={event.vatIncluded} headingId="reservation-order" />
      <p>
        <MessageWith t={t} messageKey="reservation-page-waiting.questions" args={[email]} />
      </p>
      <div className="reservation-actions">
        <ResendEmailButton context={context} reservationId={reservationId} />
      </div>
      {isEmbedded(event.embeddingConfiguration) || reservation.metadata.hideConfirmationButtons ? null : <EventLinks context={context} websiteUrl={event.websiteUrl} />}
    </article>
  );
}
