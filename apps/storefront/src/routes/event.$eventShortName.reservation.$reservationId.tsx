import { createFileRoute, Outlet } from '@tanstack/react-router';

/**
 * Every page of one reservation (spec 2, route table). Before any of them loads, the status guard (spec 4)
 * sends the visitor to the page the status asks for. The guard and the reservation client come with the first
 * reservation page, not with the entry (the event page starts loading them when the visitor reserves).
 */
export const Route = createFileRoute('/event/$eventShortName/reservation/$reservationId')({
  beforeLoad: async ({ context, params, location }) => {
    const { guardReservationPage } = await import('../features/reservation-status/reservation-guard');
    return guardReservationPage({
      queryClient: context.queryClient,
      context: { type: 'event', id: params.eventShortName },
      reservationId: params.reservationId,
      location,
    });
  },
  component: Outlet,
});
