import { createFileRoute } from '@tanstack/react-router';
import { catalogFilters, parseCatalogSearch } from '../app/search-params';
import { loadAllEvents } from '../features/catalog/catalog-loaders';
import { AllEventsPage } from '../features/catalog/components/all-events-page';

export const Route = createFileRoute('/events-all')({
  validateSearch: parseCatalogSearch,
  loaderDeps: ({ search }) => ({ filters: catalogFilters(search), lang: search.lang }),
  loader: ({ context, deps }) => loadAllEvents({ queryClient: context.queryClient, ...deps }),
  component: AllEvents,
});

function AllEvents() {
  return <AllEventsPage filters={catalogFilters(Route.useSearch())} />;
}
