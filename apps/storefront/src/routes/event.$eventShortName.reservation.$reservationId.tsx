import { createFileRoute, Outlet } from '@tanstack/react-router';
import { guardReservationPage } from '../features/reservation-status/reservation-guard';

/**
 * Every page of one reservation (spec 2, route table). Before any of them loads, the status guard (spec 4)
 * sends the visitor to the page the reservation's status asks for.
 */
export const Route = createFileRoute('/event/$eventShortName/reservation/$reservationId')({
  beforeLoad: ({ context, params, location }) =>
    guardReservationPage({ queryClient: context.queryClient, eventShortName: params.eventShortName, reservationId: params.reservationId, location }),
  component: Outlet,
});
