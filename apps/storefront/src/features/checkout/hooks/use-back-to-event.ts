import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { getGetSubscriptionQueryKey, getGetTicketCategoriesQueryKey } from '@ticketing/api-client';
import { useCallback } from 'react';
import type { PurchaseContextRef } from '../../../app/purchase-context';
import { purchaseContextHref } from '../../../app/purchase-context';
import type { ReservationSearch } from '../../../app/search-params';
import { stringifySearch } from '../../../app/search-serialization';

/**
 * Spec 4: after expiry or a cancellation the visitor goes back to the event page (or the subscription page), whose
 * availability is then stale: the seats or the pass went back on sale.
 */
export function useBackToEvent({ type, id }: PurchaseContextRef, carry: ReservationSearch) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    void queryClient.invalidateQueries({ queryKey: type === 'event' ? getGetTicketCategoriesQueryKey(id) : getGetSubscriptionQueryKey(id) });
    await navigate({ href: `${purchaseContextHref({ type, id })}${stringifySearch({ ...carry })}` });
  }, [navigate, queryClient, type, id, carry]);
}
