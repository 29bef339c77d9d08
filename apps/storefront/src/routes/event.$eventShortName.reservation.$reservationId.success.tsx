import { createFileRoute } from '@tanstack/react-router';
import { parseReservationSearch } from '../app/search-params';
import { SuccessPage } from '../features/reservation-status/components/success-page';
import { loadReservation } from '../features/reservation-status/reservation-guard';

export const Route = createFileRoute('/event/$eventShortName/reservation/$reservationId/success')({
  validateSearch: parseReservationSearch,
  loader: ({ context, params }) => loadReservation(context.queryClient, params.eventShortName, params.reservationId).then(() => undefined),
  component: Success,
});

function Success() {
  const { eventShortName, reservationId } = Route.useParams();
  return <SuccessPage eventShortName={eventShortName} reservationId={reservationId} />;
}
