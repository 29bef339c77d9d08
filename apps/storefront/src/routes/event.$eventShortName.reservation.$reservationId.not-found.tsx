import { createFileRoute } from '@tanstack/react-router';
import { parseReservationSearch } from '../app/search-params';
import { NotFoundPage } from '../features/reservation-status/components/not-found-page';

export const Route = createFileRoute('/event/$eventShortName/reservation/$reservationId/not-found')({
  validateSearch: parseReservationSearch,
  component: ReservationNotFound,
});

function ReservationNotFound() {
  const { eventShortName, reservationId } = Route.useParams();
  return <NotFoundPage context={{ type: 'event', id: eventShortName }} reservationId={reservationId} />;
}
