import { createFileRoute } from '@tanstack/react-router';
import { catalogFilters, parseCatalogSearch } from '../app/search-params';
import { loadHome } from '../features/catalog/catalog-loaders';
import { HomePage } from '../features/catalog/components/home-page';

export const Route = createFileRoute('/o/$organizerSlug/')({
  validateSearch: parseCatalogSearch,
  loaderDeps: ({ search }) => ({ filters: catalogFilters(search), lang: search.lang }),
  loader: ({ context, deps, params }) => loadHome({ queryClient: context.queryClient, ...deps, organizerSlug: params.organizerSlug }),
  component: OrganizerHome,
});

function OrganizerHome() {
  const { organizerSlug } = Route.useParams();
  return <HomePage organizerSlug={organizerSlug} filters={catalogFilters(Route.useSearch())} />;
}
