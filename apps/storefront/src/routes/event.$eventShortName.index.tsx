import { createFileRoute } from '@tanstack/react-router';
import { parseEventSearch, reservationSearch } from '../app/search-params';
import { loadEventItems } from '../features/event-page/event-items-loader';
import { EventPage } from '../features/event-page/components/event-page';
import { addressErrorMessages } from '../features/event-page/error-messages';

export const Route = createFileRoute('/event/$eventShortName/')({
  validateSearch: parseEventSearch,
  loaderDeps: ({ search }) => ({ code: search.code }),
  loader: ({ context, params, deps }) => loadEventItems(context.queryClient, params.eventShortName, deps.code),
  component: Event,
});

function Event() {
  const { eventShortName } = Route.useParams();
  const search = Route.useSearch();
  return <EventPage shortName={eventShortName} codeState={Route.useLoaderData()} errors={addressErrorMessages(search.errors)} carry={reservationSearch(search)} />;
}
