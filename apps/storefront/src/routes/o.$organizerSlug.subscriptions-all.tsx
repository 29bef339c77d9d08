import { createFileRoute } from '@tanstack/react-router';
import { catalogFilters, parseCatalogSearch } from '../app/search-params';
import { loadAllSubscriptions } from '../features/catalog/catalog-loaders';
import { AllSubscriptionsPage } from '../features/catalog/components/all-subscriptions-page';

export const Route = createFileRoute('/o/$organizerSlug/subscriptions-all')({
  validateSearch: parseCatalogSearch,
  loaderDeps: ({ search }) => ({ filters: catalogFilters(search), lang: search.lang }),
  loader: ({ context, deps, params }) => loadAllSubscriptions({ queryClient: context.queryClient, ...deps, organizerSlug: params.organizerSlug }),
  component: OrganizerSubscriptions,
});

function OrganizerSubscriptions() {
  const { organizerSlug } = Route.useParams();
  return <AllSubscriptionsPage organizerSlug={organizerSlug} filters={catalogFilters(Route.useSearch())} />;
}
