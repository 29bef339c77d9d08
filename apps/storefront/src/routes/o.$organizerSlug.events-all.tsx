import { createFileRoute } from '@tanstack/react-router';
import { catalogFilters, parseCatalogSearch } from '../app/search-params';
import { loadAllEvents } from '../features/catalog/catalog-loaders';
import { AllEventsPage } from '../features/catalog/components/all-events-page';

export const Route = createFileRoute('/o/$organizerSlug/events-all')({
  validateSearch: parseCatalogSearch,
  loaderDeps: ({ search }) => ({ filters: catalogFilters(search), lang: search.lang }),
  loader: ({ context, deps, params }) => loadAllEvents({ queryClient: context.queryClient, ...deps, organizerSlug: params.organizerSlug }),
  component: OrganizerEvents,
});

function OrganizerEvents() {
  const { organizerSlug } = Route.useParams();
  return <AllEventsPage organizerSlug={organizerSlug} filters={catalogFilters(Route.useSearch())} />;
}
