import { createFileRoute } from '@tanstack/react-router';
// the loader and the search parser from their own modules: the barrel's pages (and their CSS) stay in the step's lazy chunk
import { OverviewPage } from '../features/checkout';
import { loadCheckoutStep } from '../features/checkout/checkout-loader';
import { carriedSearch, parseBookingSearch } from '../features/checkout/model/checkout-search';

/** Step 3 of the purchase (spec 2, route table: event/{shortName}/reservation/{reservationId}/overview). */
export const Route = createFileRoute('/event/$eventShortName/reservation/$reservationId/overview')({
  validateSearch: parseBookingSearch,
  loader: ({ context, params }) => loadCheckoutStep(context.queryClient, { type: 'event', id: params.eventShortName }, params.reservationId),
  component: OverviewStep,
});

function OverviewStep() {
  const { eventShortName, reservationId } = Route.useParams();
  return (
    <OverviewPage key={reservationId} context={{ type: 'event', id: eventShortName }} reservationId={reservationId} search={carriedSearch(Route.useSearch())} />
  );
}
