import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import {
  getGetReservationInfoQueryKey,
  getGetReservationStatusQueryKey,
  getReservationInfo,
  getReservationStatus,
  successData,
} from '@ticketing/api-client';
import type { SuccessResponse } from '@ticketing/api-client';

/**
 * One reservation's server data (reference 3.3) as TanStack Query options over the generated client: the full
 * view (steps 2 to 4) and the short status the guard and the polling pages read. Never cached for long: the
 * reservation changes with each step.
 */
export type { ReservationInfo, ReservationStatusInfo } from '@ticketing/api-client';

const ok = <T>(answer: Promise<T>) => answer as Promise<SuccessResponse<T>>;

export const reservationInfoQueryOptions = (reservationId: string) =>
  queryOptions({
    queryKey: getGetReservationInfoQueryKey(reservationId),
    queryFn: ({ signal }) => ok(getReservationInfo(reservationId, { signal })),
    staleTime: 0,
    retry: false,
  });

export const reservationStatusQueryOptions = (reservationId: string) =>
  queryOptions({
    queryKey: getGetReservationStatusQueryKey(reservationId),
    queryFn: ({ signal }) => ok(getReservationStatus(reservationId, { signal })),
    staleTime: 0,
    retry: false,
  });

export const useReservationInfoSuspense = (reservationId: string) =>
  useSuspenseQuery({ ...reservationInfoQueryOptions(reservationId), select: successData }).data;
