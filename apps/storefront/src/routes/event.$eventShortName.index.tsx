import { createFileRoute } from '@tanstack/react-router';
import { parseEventSearch } from '../app/search-params';
import { loadEventItems } from '../features/event-page/event-loaders';
import { EventPage } from '../features/event-page/components/event-page';

export const Route = createFileRoute('/event/$eventShortName/')({
  validateSearch: parseEventSearch,
  loaderDeps: ({ search }) => ({ code: search.code }),
  loader: ({ context, params, deps }) => loadEventItems(context.queryClient, params.eventShortName, deps.code),
  component: Event,
});

function Event() {
  const { eventShortName } = Route.useParams();
  const { errors } = Route.useSearch();
  return <EventPage shortName={eventShortName} codeState={Route.useLoaderData()} errors={errors ? errors.split(',').filter(Boolean) : []} />;
}
