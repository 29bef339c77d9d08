import { Link } from '@tanstack/react-router';
import type { PurchaseContextRef } from '../../../app/purchase-context';
import { purchaseContextHref } from '../../../app/purchase-context';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useTranslate } from '../../i18n';
import { shortReservationId } from '../reservation-page';
import '../reservation-status.css';

/** Spec 2: the first 8 characters of the id, upper-cased, and the way back to the event (or the subscription). */
export function NotFoundPage({ context, reservationId }: { context: PurchaseContextRef; reservationId: string }) {
  const t = useTranslate();
  useDocumentTitle(t('reservation-page-not-found.header.title'));
  return (
    <article className="reservation-status">
      <h1>{t('reservation-page-not-found.header.title')}</h1>
      <p className="notice notice--warning">{t('reservation-page-not-found.reservation-with-id-does-not-exist', shortReservationId(reservationId))}</p>
      <div className="reservation-actions">
        <Link to={purchaseContextHref(context)} className="button">
          {t(context.type === 'event' ? 'reservation-page-not-found.go-back-to-event' : 'reservation-page-not-found.go-back-to-subscription')}
        </Link>
      </div>
    </article>
  );
}
