import { createFileRoute } from '@tanstack/react-router';
import { parseReservationSearch } from '../app/search-params';
import { SuccessPage } from '../features/reservation-status/components/success-page';
import { loadReservation } from '../features/reservation-status/reservation-guard';
import { ticketActionsPart } from '../features/ticket';

export const Route = createFileRoute('/event/$eventShortName/reservation/$reservationId/success')({
  validateSearch: parseReservationSearch,
  // The tickets' actions come in a chunk of their own: asked for beside the reservation and waited for, so that the
  // page's first render has them (a first render that waits for a part commits the route's fallback, and React then
  // holds back what it reveals until 300 ms after the fallback showed).
  loader: async ({ context, params }) => {
    await Promise.all([ticketActionsPart.preload(), loadReservation(context.queryClient, { type: 'event', id: params.eventShortName }, params.reservationId)]);
  },
  component: Success,
});

function Success() {
  const { eventShortName, reservationId } = Route.useParams();
  return <SuccessPage eventShortName={eventShortName} reservationId={reservationId} />;
}
