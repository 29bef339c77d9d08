import { createFileRoute } from '@tanstack/react-router';
import { parseReservationSearch } from '../app/search-params';
import { DeferredPaymentPage } from '../features/reservation-status/components/deferred-payment-page';
import { loadReservation } from '../features/reservation-status/reservation-guard';

export const Route = createFileRoute('/event/$eventShortName/reservation/$reservationId/deferred-payment')({
  validateSearch: parseReservationSearch,
  loader: ({ context, params }) =>
    loadReservation(context.queryClient, { type: 'event', id: params.eventShortName }, params.reservationId).then(() => undefined),
  component: DeferredPayment,
});

function DeferredPayment() {
  const { eventShortName, reservationId } = Route.useParams();
  return <DeferredPaymentPage context={{ type: 'event', id: eventShortName }} reservationId={reservationId} />;
}
