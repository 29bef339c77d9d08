import { useSuspenseQuery } from '@tanstack/react-query';
import { successData } from '@ticketing/api-client';
import { reservationInfoQueryOptions } from '../../../api/reservation-queries';
import { STATUS_POLL_MS } from './use-follow-status';

/**
 * The reservation (the page's loader has cached it). While one of `pollWhile` is its status it is fetched
 * again every 5000 ms (spec 4: the success page polls while FINALIZING).
 */
export function useReservation(reservationId: string, pollWhile: readonly string[] = []) {
  return useSuspenseQuery({
    ...reservationInfoQueryOptions(reservationId),
    select: successData,
    refetchInterval: (query) => (pollWhile.includes(query.state.data?.data.status ?? '') ? STATUS_POLL_MS : false),
  }).data;
}
