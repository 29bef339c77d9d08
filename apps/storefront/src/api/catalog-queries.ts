import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import {
  getEvent,
  getEvents,
  getGetEventCalendarUrl,
  getGetEventQueryKey,
  getGetEventsQueryKey,
  getGetFileUrl,
  getGetSubscriptionQueryKey,
  getGetSubscriptionsQueryKey,
  getGetTicketCategoriesQueryKey,
  getSubscription,
  getSubscriptions,
  getTicketCategories,
  getValidateCodeQueryKey,
  successData,
  validateCode,
} from '@ticketing/api-client';
import type {
  BasicEventInfoFormat,
  EventCodeResponseValueAnyOf,
  GetEventsParams,
  GetSubscriptionsParams,
  ItemsByCategoryAdditionalServicesItem,
  ItemsByCategoryExpiredCategoriesItem,
  ItemsByCategoryTicketCategoriesItem,
  SuccessResponse,
} from '@ticketing/api-client';

/**
 * The catalog's server data (events, ticket categories, codes, subscriptions) as TanStack Query options over the
 * generated client (its query keys and fetchers), with the cache times of spec 9. Query data is the client's
 * `{ data, status, headers }`; the suspense hooks hand components the body.
 */
export type {
  BasicEventInfo,
  BasicSubscriptionDescriptorInfo,
  EventCodeResponse,
  EventWithAdditionalInfo,
  GetEventsParams,
  ItemsByCategory,
  SubscriptionDescriptorWithAdditionalInfo,
} from '@ticketing/api-client';

// Shorter names for the generated inline models.
export type TicketCategory = ItemsByCategoryTicketCategoriesItem | ItemsByCategoryExpiredCategoriesItem;
export type AdditionalService = ItemsByCategoryAdditionalServicesItem;
export type EventCode = EventCodeResponseValueAnyOf;
export type EventFormat = BasicEventInfoFormat;
export type EventResponse = SuccessResponse<Awaited<ReturnType<typeof getEvent>>>;

// Spec 9: event and subscription answers are cacheable for 20 minutes. Lists and availability move faster.
const EVENT_STALE_MS = 20 * 60_000;
const SUBSCRIPTION_STALE_MS = 20 * 60_000;
const LIST_STALE_MS = 60_000;
const CATEGORIES_STALE_MS = 10_000;

/** The parameters without empty values, or undefined when none is left: `{}` and no parameters share a query key. */
function compact<T extends object>(params: T | undefined): T | undefined {
  if (!params) return undefined;
  const entries = Object.entries(params).filter(([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0));
  return entries.length ? (Object.fromEntries(entries) as T) : undefined;
}

/**
 * The generated fetchers are typed success | error, but the mutator throws an ApiError for every non-2xx answer:
 * what resolves is the success variant, and typing it so lets loaders and components read the body directly.
 */
const ok = <T>(answer: Promise<T>) => answer as Promise<SuccessResponse<T>>;

export const eventsQueryOptions = (params?: GetEventsParams) => {
  const p = compact(params);
  return queryOptions({ queryKey: getGetEventsQueryKey(p), queryFn: ({ signal }) => ok(getEvents(p, { signal })), staleTime: LIST_STALE_MS });
};

export const subscriptionsQueryOptions = (params?: GetSubscriptionsParams) => {
  const p = compact(params);
  return queryOptions({
    queryKey: getGetSubscriptionsQueryKey(p),
    queryFn: ({ signal }) => ok(getSubscriptions(p, { signal })),
    staleTime: LIST_STALE_MS,
  });
};

export const eventQueryOptions = (shortName: string) =>
  queryOptions({ queryKey: getGetEventQueryKey(shortName), queryFn: ({ signal }) => ok(getEvent(shortName, { signal })), staleTime: EVENT_STALE_MS });

export const ticketCategoriesQueryOptions = (shortName: string, code?: string) => {
  const p = compact({ code });
  return queryOptions({
    queryKey: getGetTicketCategoriesQueryKey(shortName, p),
    queryFn: ({ signal }) => ok(getTicketCategories(shortName, p, { signal })),
    staleTime: CATEGORIES_STALE_MS,
  });
};

/**
 * 200 with the code's kind when valid; an ApiError 422 (body: EventCodeResponse) when not. Kept for 30 s so the
 * loader that runs right after the promo box applied a code reuses the answer instead of asking again.
 */
export const validateCodeQueryOptions = (shortName: string, code: string) =>
  queryOptions({
    queryKey: getValidateCodeQueryKey(shortName, { code }),
    queryFn: ({ signal }) => ok(validateCode(shortName, { code }, { signal })),
    staleTime: 30_000,
    gcTime: 30_000,
    retry: false,
  });

export const subscriptionQueryOptions = (id: string) =>
  queryOptions({ queryKey: getGetSubscriptionQueryKey(id), queryFn: ({ signal }) => ok(getSubscription(id, { signal })), staleTime: SUBSCRIPTION_STALE_MS });

/** Links, not calls (public-api.md 3.2 item 14, 3.9 item 59). */
export const fileUrl = (fileBlobId: string) => getGetFileUrl(encodeURIComponent(fileBlobId));

export const eventCalendarUrl = (shortName: string, lang: string, type?: 'google') =>
  getGetEventCalendarUrl(encodeURIComponent(shortName), encodeURIComponent(lang), type ? { type } : undefined);

// Suspense hooks: the route's loader has put the data in the cache, so these render without waiting.
export const useEventsSuspense = (params?: GetEventsParams) =>
  useSuspenseQuery({ ...eventsQueryOptions(params), select: successData }).data;

export const useSubscriptionsSuspense = (params?: GetSubscriptionsParams) =>
  useSuspenseQuery({ ...subscriptionsQueryOptions(params), select: successData }).data;

export const useEventSuspense = (shortName: string) => useSuspenseQuery({ ...eventQueryOptions(shortName), select: successData }).data;

export const useTicketCategoriesSuspense = (shortName: string, code?: string) =>
  useSuspenseQuery({ ...ticketCategoriesQueryOptions(shortName, code), select: successData }).data;

export const useSubscriptionSuspense = (id: string) =>
  useSuspenseQuery({ ...subscriptionQueryOptions(id), select: successData }).data;
