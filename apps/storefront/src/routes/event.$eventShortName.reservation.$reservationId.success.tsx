import { createFileRoute } from '@tanstack/react-router';
import { parseReservationSearch } from '../app/search-params';
import { SuccessPage } from '../features/reservation-status/components/success-page';
import { loadReservation } from '../features/reservation-status/reservation-guard';
import { ticketActionsPart } from '../features/ticket';

export const Route = createFileRoute('/event/$eventShortName/reservation/$reservationId/success')({
  validateSearch: parseReservationSearch,
  loader: ({ context, params }) => {
    // the tickets' actions come in a chunk of their own: asked for now, beside the reservation
    void ticketActionsPart.preload();
    return loadReservation(context.queryClient, { type: 'event', id: params.eventShortName }, params.reservationId).then(() => undefined);
  },
  component: Success,
});

function Success() {
  const { eventShortName, reservationId } = Route.useParams();
  return <SuccessPage eventShortName={eventShortName} reservationId={reservationId} />;
}
