import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { eventsQueryOptions, subscriptionsQueryOptions } from '../../api/catalog-queries';
import type { WithPageContext } from '../../app/page-context';
import { unionOfContentLanguages } from '../../app/page-context';
import type { CatalogSearch } from '../../app/search-params';
import { homeView, onlyEvent, onlySubscription } from './catalog-view';

/**
 * The loaders of the home and list routes: fetch (or take from the cache) the lists, then either redirect
 * (spec 2: single results; a redirect from a loader replaces the history entry) or tell the chrome the
 * content languages shown. The redirect keeps the list's query parameters.
 */
interface ListInput {
  readonly queryClient: QueryClient;
  readonly filters: CatalogSearch;
  readonly organizerSlug?: string | undefined;
  /** The interface language from the address, kept on a redirect. */
  readonly lang?: string | undefined;
}

const listParams = ({ filters, organizerSlug }: ListInput) => ({ ...filters, ...(organizerSlug ? { organizerSlug } : {}) });
const keptSearch = ({ filters, lang }: ListInput) => ({ ...filters, ...(lang ? { lang } : {}) });

export async function loadHome(input: ListInput): Promise<WithPageContext> {
  const params = listParams(input);
  const [events, subscriptions] = await Promise.all([
    input.queryClient.ensureQueryData(eventsQueryOptions(params)),
    input.queryClient.ensureQueryData(subscriptionsQueryOptions(params)),
  ]);
  const view = homeView(events.data, subscriptions.data);
  if (view.redirectToEvent) {
    throw redirect({ to: '/event/$eventShortName', params: { eventShortName: view.redirectToEvent }, search: keptSearch(input), replace: true });
  }
  return { pageContext: { contentLanguages: unionOfContentLanguages([...view.events, ...view.subscriptions]) } };
}

export async function loadAllEvents(input: ListInput): Promise<WithPageContext> {
  const events = await input.queryClient.ensureQueryData(eventsQueryOptions(listParams(input)));
  const only = onlyEvent(events.data);
  if (only) throw redirect({ to: '/event/$eventShortName', params: { eventShortName: only }, search: keptSearch(input), replace: true });
  return { pageContext: { contentLanguages: unionOfContentLanguages(events.data) } };
}

export async function loadAllSubscriptions(input: ListInput): Promise<WithPageContext> {
  const subscriptions = await input.queryClient.ensureQueryData(subscriptionsQueryOptions(listParams(input)));
  const only = onlySubscription(subscriptions.data);
  if (only) throw redirect({ to: '/subscription/$id', params: { id: only }, search: keptSearch(input), replace: true });
  return { pageContext: { contentLanguages: unionOfContentLanguages(subscriptions.data) } };
}
