import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { getGetTicketCategoriesQueryKey } from '@ticketing/api-client';
import { useCallback } from 'react';
import type { ReservationSearch } from '../../../app/search-params';

/** Spec 4: after expiry the visitor goes back to the event page, whose availability is then stale. */
export function useBackToEvent(shortName: string, carry: ReservationSearch) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    void queryClient.invalidateQueries({ queryKey: getGetTicketCategoriesQueryKey(shortName) });
    await navigate({ to: '/event/$eventShortName', params: { eventShortName: shortName }, search: carry });
  }, [navigate, queryClient, shortName, carry]);
}
