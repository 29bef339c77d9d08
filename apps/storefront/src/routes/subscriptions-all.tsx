import { createFileRoute } from '@tanstack/react-router';
import { catalogFilters, parseCatalogSearch } from '../app/search-params';
import { loadAllSubscriptions } from '../features/catalog/catalog-loaders';
import { AllSubscriptionsPage } from '../features/catalog/components/all-subscriptions-page';

export const Route = createFileRoute('/subscriptions-all')({
  validateSearch: parseCatalogSearch,
  loaderDeps: ({ search }) => ({ filters: catalogFilters(search), lang: search.lang }),
  loader: ({ context, deps }) => loadAllSubscriptions({ queryClient: context.queryClient, ...deps }),
  component: AllSubscriptions,
});

function AllSubscriptions() {
  return <AllSubscriptionsPage filters={catalogFilters(Route.useSearch())} />;
}
