import { createFileRoute } from '@tanstack/react-router';
// the loader and the search parser from their own modules: the barrel's pages (and their CSS) stay in the step's lazy chunk
import { BookingPage } from '../features/checkout';
import { loadCheckoutStep } from '../features/checkout/checkout-loader';
import { parseBookingSearch } from '../features/checkout/model/checkout-search';

/** Step 2 of the purchase (spec 2, route table: event/{shortName}/reservation/{reservationId}/book). */
export const Route = createFileRoute('/event/$eventShortName/reservation/$reservationId/book')({
  validateSearch: parseBookingSearch,
  loader: ({ context, params }) => loadCheckoutStep(context.queryClient, { type: 'event', id: params.eventShortName }, params.reservationId),
  component: BookingStep,
});

function BookingStep() {
  const { eventShortName, reservationId } = Route.useParams();
  // Keyed by reservation: another reservation starts from its own saved values.
  return <BookingPage key={reservationId} context={{ type: 'event', id: eventShortName }} reservationId={reservationId} search={Route.useSearch()} />;
}
