import { useMutation } from '@tanstack/react-query';
import { getRemovePaymentTokenMutationOptions, removePaymentToken } from '@ticketing/api-client';
import { useToast } from '../../toast';
import { UNEXPECTED_ERROR } from '../model/checkout-errors';
import { useReservationRefresh } from './use-reservation-refresh';

/**
 * Spec 4, held payment token: "use a different payment method" lets go of the payment in flight (reference 3.3
 * item 27, DELETE payment/token) and reloads the reservation, which then offers every method again.
 */
export function useClearPaymentToken(reservationId: string) {
  const toast = useToast();
  const { refresh } = useReservationRefresh(reservationId);
  const mutation = useMutation({ mutationKey: getRemovePaymentTokenMutationOptions().mutationKey, mutationFn: () => removePaymentToken(reservationId) });
  const clear = async (): Promise<void> => {
    try {
      await mutation.mutateAsync();
    } catch {
      toast.error(UNEXPECTED_ERROR);
    }
    await refresh();
  };
  return { clear, pending: mutation.isPending };
}
