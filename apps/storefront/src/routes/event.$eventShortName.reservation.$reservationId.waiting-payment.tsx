import { createFileRoute } from '@tanstack/react-router';
import { parseReservationSearch } from '../app/search-params';
import { WaitingPaymentPage } from '../features/reservation-status/components/waiting-payment-page';
import { loadReservation } from '../features/reservation-status/reservation-guard';

export const Route = createFileRoute('/event/$eventShortName/reservation/$reservationId/waiting-payment')({
  validateSearch: parseReservationSearch,
  loader: ({ context, params }) =>
    loadReservation(context.queryClient, { type: 'event', id: params.eventShortName }, params.reservationId).then(() => undefined),
  component: WaitingPayment,
});

function WaitingPayment() {
  const { eventShortName, reservationId } = Route.useParams();
  return <WaitingPaymentPage context={{ type: 'event', id: eventShortName }} reservationId={reservationId} />;
}
