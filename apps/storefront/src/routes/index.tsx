import { createFileRoute } from '@tanstack/react-router';
import { catalogFilters, parseCatalogSearch } from '../app/search-params';
import { loadHome } from '../features/catalog/catalog-loaders';
import { HomePage } from '../features/catalog/components/home-page';

export const Route = createFileRoute('/')({
  validateSearch: parseCatalogSearch,
  loaderDeps: ({ search }) => ({ filters: catalogFilters(search), lang: search.lang }),
  loader: ({ context, deps }) => loadHome({ queryClient: context.queryClient, ...deps }),
  component: Home,
});

function Home() {
  return <HomePage filters={catalogFilters(Route.useSearch())} />;
}
