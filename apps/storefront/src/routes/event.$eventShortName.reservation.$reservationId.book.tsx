import { createFileRoute } from '@tanstack/react-router';
import { parseReservationSearch } from '../app/search-params';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useTranslate } from '../features/i18n';

/**
 * Step 2 of the purchase (spec 2, route table: event/{shortName}/reservation/{reservationId}/book). The event
 * page's reserve lands here; the booking form itself is a later issue, so for now the page names the step and
 * the reservation. The route has to exist: an unknown path sends the visitor home.
 */
export const Route = createFileRoute('/event/$eventShortName/reservation/$reservationId/book')({
  validateSearch: parseReservationSearch,
  component: BookingStep,
});

function BookingStep() {
  const t = useTranslate();
  const { reservationId } = Route.useParams();
  useDocumentTitle(t('breadcrumb.step2'));
  return (
    <div className="booking-step">
      <p className="booking-step__progress">{t('breadcrumb.step-of', 2, 4)}</p>
      <h1>{t('breadcrumb.step2')}</h1>
      <p>{t('reservation-page-error-status.your-reservation-identifier', reservationId.slice(0, 8).toUpperCase())}</p>
    </div>
  );
}
