import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { isApiError } from '@ticketing/api-client';
import { eventsQueryOptions, subscriptionQueryOptions } from '../../api/catalog-queries';
import { pageContextOf, type WithPageContext } from '../../app/page-context';
import { isUuidV4 } from '../../app/search-params';

/**
 * The subscription page's loader: the descriptor (an id that is not a UUID v4, or an unknown one, goes home,
 * as an unknown event does) and, without waiting on it, the events the subscription can be used for.
 */
export async function loadSubscription(queryClient: QueryClient, id: string): Promise<WithPageContext> {
  if (!isUuidV4(id)) throw redirect({ to: '/', replace: true });
  void queryClient.prefetchQuery(eventsQueryOptions({ subscription: id }));
  try {
    const { data } = await queryClient.ensureQueryData(subscriptionQueryOptions(id));
    return { pageContext: pageContextOf(data) };
  } catch (error) {
    if (isApiError(error) && error.status >= 400 && error.status < 500) throw redirect({ to: '/', replace: true });
    throw error;
  }
}
