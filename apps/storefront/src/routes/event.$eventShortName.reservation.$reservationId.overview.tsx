import { createFileRoute } from '@tanstack/react-router';
import { carriedSearch, loadCheckoutStep, OverviewPage, parseBookingSearch } from '../features/checkout';

/** Step 3 of the purchase (spec 2, route table: event/{shortName}/reservation/{reservationId}/overview). */
export const Route = createFileRoute('/event/$eventShortName/reservation/$reservationId/overview')({
  validateSearch: parseBookingSearch,
  loader: ({ context, params }) => loadCheckoutStep(context.queryClient, params.eventShortName, params.reservationId),
  component: OverviewStep,
});

function OverviewStep() {
  const { eventShortName, reservationId } = Route.useParams();
  return <OverviewPage key={reservationId} shortName={eventShortName} reservationId={reservationId} search={carriedSearch(Route.useSearch())} />;
}
