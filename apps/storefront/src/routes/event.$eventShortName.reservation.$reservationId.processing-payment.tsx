import { createFileRoute } from '@tanstack/react-router';
import { parseReservationSearch } from '../app/search-params';
import { ProcessingPaymentPage } from '../features/reservation-status/components/processing-payment-page';
import { loadReservation } from '../features/reservation-status/reservation-guard';

/** A card or redirect payment the provider is confirming (spec 2, Processing page); also where 3-D Secure returns. */
export const Route = createFileRoute('/event/$eventShortName/reservation/$reservationId/processing-payment')({
  validateSearch: parseReservationSearch,
  loader: ({ context, params }) =>
    loadReservation(context.queryClient, { type: 'event', id: params.eventShortName }, params.reservationId).then(() => undefined),
  component: ProcessingPayment,
});

function ProcessingPayment() {
  const { eventShortName, reservationId } = Route.useParams();
  return <ProcessingPaymentPage context={{ type: 'event', id: eventShortName }} reservationId={reservationId} />;
}
