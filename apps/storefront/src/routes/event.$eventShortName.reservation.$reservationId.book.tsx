import { createFileRoute } from '@tanstack/react-router';
import { BookingPage, loadCheckoutStep, parseBookingSearch } from '../features/checkout';

/** Step 2 of the purchase (spec 2, route table: event/{shortName}/reservation/{reservationId}/book). */
export const Route = createFileRoute('/event/$eventShortName/reservation/$reservationId/book')({
  validateSearch: parseBookingSearch,
  loader: ({ context, params }) => loadCheckoutStep(context.queryClient, params.eventShortName, params.reservationId),
  component: BookingStep,
});

function BookingStep() {
  const { eventShortName, reservationId } = Route.useParams();
  // Keyed by reservation: another reservation starts from its own saved values.
  return <BookingPage key={reservationId} shortName={eventShortName} reservationId={reservationId} search={Route.useSearch()} />;
}
