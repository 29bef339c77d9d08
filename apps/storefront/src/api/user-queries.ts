import { queryOptions } from '@tanstack/react-query';
import {
  getGetMeQueryKey,
  getGetUserReservationsQueryKey,
  getIsAuthenticationEnabledQueryKey,
  getMe,
  getUserReservations,
  isAuthenticationEnabled,
} from '@ticketing/api-client';
import type { PurchaseContextWithReservationsListItem, User } from '@ticketing/api-client';

/**
 * The visitor's account (reference 3.6) as TanStack Query options over the generated client, keyed by the generated
 * keys (a mutation invalidates by them). The query data is the body: the signed-in user or null (204: anonymous), the
 * order groups ([] for 204: none), whether login is on. The user changes only by logging in, out or saving the profile.
 */
export type { User };
export type OrderGroup = PurchaseContextWithReservationsListItem;
export type Order = OrderGroup['reservations'][number];

export const authenticationEnabledQueryOptions = () =>
  queryOptions({
    queryKey: getIsAuthenticationEnabledQueryKey(),
    queryFn: async ({ signal }) => (await isAuthenticationEnabled({ signal })).data === true,
    staleTime: Infinity,
  });

export const meQueryOptions = () =>
  queryOptions({
    queryKey: getGetMeQueryKey(),
    queryFn: async ({ signal }): Promise<User | null> => {
      const answer = await getMe({ signal });
      return answer.status === 200 ? answer.data : null;
    },
    staleTime: 60_000,
  });

export const userOrdersQueryOptions = () =>
  queryOptions({
    queryKey: getGetUserReservationsQueryKey(),
    queryFn: async ({ signal }): Promise<OrderGroup[]> => {
      const answer = await getUserReservations({ signal });
      return answer.status === 200 ? answer.data : [];
    },
    staleTime: 0,
  });
