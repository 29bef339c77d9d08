import { createFileRoute } from '@tanstack/react-router';
import { parseReservationSearch } from '../app/search-params';
import { ErrorPage } from '../features/reservation-status/components/error-page';

export const Route = createFileRoute('/event/$eventShortName/reservation/$reservationId/error')({
  validateSearch: parseReservationSearch,
  component: ReservationError,
});

function ReservationError() {
  const { eventShortName, reservationId } = Route.useParams();
  return <ErrorPage context={{ type: 'event', id: eventShortName }} reservationId={reservationId} />;
}
