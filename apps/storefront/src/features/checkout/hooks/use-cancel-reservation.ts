import { useMutation } from '@tanstack/react-query';
import { cancelPendingReservation, getCancelPendingReservationMutationOptions } from '@ticketing/api-client';
import type { PurchaseContextRef } from '../../../app/purchase-context';
import type { ReservationSearch } from '../../../app/search-params';
import { useToast } from '../../toast';
import { UNEXPECTED_ERROR } from '../model/checkout-errors';
import { useBackToEvent } from './use-back-to-event';
import { useReservationRefresh } from './use-reservation-refresh';

/**
 * Spec 4, cancel: DELETE the pending reservation (its seats or its pass go back on sale), then back to the event
 * or subscription page with the carried query. A failure stays on the page with an error toast.
 */
export function useCancelReservation(context: PurchaseContextRef, reservationId: string, carry: ReservationSearch) {
  const toast = useToast();
  const { forget } = useReservationRefresh(reservationId);
  const backToContext = useBackToEvent(context, carry);
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
    await backToContext();
  };
  return { cancel, pending: mutation.isPending };
}
