import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { backToBooking, getBackToBookingMutationOptions } from '@ticketing/api-client';
import type { PurchaseContextRef } from '../../../app/purchase-context';
import { reservationPageHref } from '../../../app/purchase-context';
import type { ReservationSearch } from '../../../app/search-params';
import { stringifySearch } from '../../../app/search-serialization';
import { useToast } from '../../toast';
import { UNEXPECTED_ERROR } from '../model/checkout-errors';
import { useReservationRefresh } from './use-reservation-refresh';

/**
 * From the overview back to the booking step (reference item 19): the details must be validated again.
 * `requestInvoice` has the booking step tick the invoice box and scroll to it (spec 2).
 */
export function useBackToBooking(context: PurchaseContextRef, reservationId: string, carry: ReservationSearch) {
  const navigate = useNavigate();
  const toast = useToast();
  const { refresh } = useReservationRefresh(reservationId);
  const mutation = useMutation({ mutationKey: getBackToBookingMutationOptions().mutationKey, mutationFn: () => backToBooking(reservationId) });

  const back = async (options: { requestInvoice?: boolean } = {}): Promise<void> => {
    try {
      await mutation.mutateAsync();
    } catch {
      toast.error(UNEXPECTED_ERROR);
      return;
    }
    await refresh();
    const search = stringifySearch({ ...carry, ...(options.requestInvoice ? { requestInvoice: true } : {}) });
    // the invoice section scrolls itself into view: the router must not scroll the new page back to its top after it
    await navigate({ href: reservationPageHref(context, reservationId, 'book', search), ...(options.requestInvoice ? { resetScroll: false } : {}) });
  };
  return { back, pending: mutation.isPending };
}
