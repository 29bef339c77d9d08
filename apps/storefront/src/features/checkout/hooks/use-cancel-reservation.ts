import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { cancelPendingReservation, getCancelPendingReservationMutationOptions, getGetTicketCategoriesQueryKey } from '@ticketing/api-client';
import type { ReservationSearch } from '../../../app/search-params';
import { useToast } from '../../toast';
import { UNEXPECTED_ERROR } from '../model/checkout-errors';
import { useReservationRefresh } from './use-reservation-refresh';

/**
 * Spec 4, cancel: DELETE the pending reservation (its seats go back on sale), then back to the event page with
 * the carried query. A failure stays on the page with an error toast.
 */
export function useCancelReservation(shortName: string, reservationId: string, carry: ReservationSearch) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const { forget } = useReservationRefresh(reservationId);
  const mutation = useMutation({
    mutationKey: getCancelPendingReservationMutationOptions().mutationKey,
    mutationFn: () => cancelPendingReservation(reservationId),
  });

  const cancel = async (): Promise<void> => {
    try {
      await mutation.mutateAsync();
    } catch {
      toast.error(UNEXPECTED_ERROR);
      return;
    }
    forget();
    void queryClient.invalidateQueries({ queryKey: getGetTicketCategoriesQueryKey(shortName) });
    await navigate({ to: '/event/$eventShortName', params: { eventShortName: shortName }, search: carry });
  };
  return { cancel, pending: mutation.isPending };
}
