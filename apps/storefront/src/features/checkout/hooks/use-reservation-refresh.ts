import { useQueryClient } from '@tanstack/react-query';
import { getGetReservationInfoQueryKey, getGetReservationStatusQueryKey } from '@ticketing/api-client';
import { useMemo } from 'react';

/**
 * After a step changed the reservation on the server (validated, back to booking, confirmed, cancelled) its
 * cached views are stale: `refresh` refetches them before the next page's guard reads them, `forget` drops them.
 */
export function useReservationRefresh(reservationId: string) {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const keys = [getGetReservationInfoQueryKey(reservationId), getGetReservationStatusQueryKey(reservationId)];
    return {
      refresh: async () => {
        await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      },
      forget: () => keys.forEach((queryKey) => queryClient.removeQueries({ queryKey })),
    };
  }, [queryClient, reservationId]);
}
