import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { reservationInfoQueryOptions } from '../../../api/reservation-queries';
import type { ReservationInfo } from '../../../api/reservation-queries';

/** After a ticket of the order is released: the order as it is now, or the event page when it was the only ticket. */
export function useTicketReleased(eventShortName: string, reservation: Pick<ReservationInfo, 'id' | 'ticketsByCategory'>) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ticketCount = reservation.ticketsByCategory.reduce((sum, category) => sum + category.tickets.length, 0);
  return () =>
    ticketCount <= 1
      ? navigate({ to: '/event/$eventShortName', params: { eventShortName }, replace: true })
      : queryClient.invalidateQueries({ queryKey: reservationInfoQueryOptions(reservation.id).queryKey });
}
