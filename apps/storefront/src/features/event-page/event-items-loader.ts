import type { QueryClient } from '@tanstack/react-query';
import { eventQueryOptions, ticketCategoriesQueryOptions } from '../../api/catalog-queries';
import { checkCode, NO_CODE } from './event-loaders';
import type { CodeState } from './event-loaders';
import { openingParts } from './event-page-parts';

/**
 * The event page's loader: the code of the address (if any) checked, the categories for it, and the parts the page
 * opens with (see openingParts). Apart from event-loaders.ts (whose layout loader is in the entry): this one is in
 * the route's chunk, with the page (vite.config.ts). The categories of an address without a code come inside the
 * page (preloaded-data.ts), so it asks for nothing it could have asked for before its chunk came.
 */
export async function loadEventItems(queryClient: QueryClient, shortName: string, code: string | undefined): Promise<CodeState> {
  const state = code ? await checkCode(queryClient, shortName, code) : NO_CODE;
  const [event, items] = await Promise.all([
    // the layout's loader asks for the event (and goes home when there is none): here it is only read
    queryClient.ensureQueryData(eventQueryOptions(shortName)).then(({ data }) => data, () => null),
    queryClient.fetchQuery(ticketCategoriesQueryOptions(shortName, state.eventCode?.code)),
  ]);
  if (event) await Promise.all(openingParts(event, items.data, state).map((part) => part && part.preload()));
  return state;
}
