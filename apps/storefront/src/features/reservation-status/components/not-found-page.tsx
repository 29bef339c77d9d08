import { Link } from '@tanstack/react-router';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useTranslate } from '../../i18n';
import { shortReservationId } from '../reservation-page';
import '../reservation-status.css';

/** Spec 2: the first 8 characters of the id, upper-cased, and the way back to the event. */
export function NotFoundPage({ eventShortName, reservationId }: { eventShortName: string; reservationId: string }) {
  const t = useTranslate();
  useDocumentTitle(t('reservation-page-not-found.header.title'));
  return (
    <article className="reservation-status">
      <h1>{t('reservation-page-not-found.header.title')}</h1>
      <p className="notice notice--warning">{t('reservation-page-not-found.reservation-with-id-does-not-exist', shortReservationId(reservationId))}</p>
      <div className="reservation-actions">
        <Link to="/event/$eventShortName" params={{ eventShortName }} className="button">
          {t('reservation-page-not-found.go-back-to-event')}
        </Link>
      </div>
    </article>
  );
}
