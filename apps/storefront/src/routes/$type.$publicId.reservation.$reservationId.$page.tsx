import { createFileRoute } from '@tanstack/react-router';
import { PurchaseReservationPage } from '../features/subscription-reservation/components/purchase-reservation-page';
import { loadPurchaseReservation } from '../features/subscription-reservation/purchase-reservation-loader';

/**
 * A reservation's page by purchase context (spec 2, route table: "{type}/{publicIdentifier}/reservation/
 * {reservationId}/ children"), for what no route of its own serves: every page of a pass's reservation (book,
 * overview, waiting-payment, deferred-payment, processing-payment, success, not-found, error), and an event
 * reservation's address that is none of its pages (the legacy 'waitingPayment' of e-mails already sent), which the
 * status guard sends to the page its status asks for. One route for all: each route costs every visitor its config
 * in the entry chunk. Its loader (the guard, the data) comes with its component; the bare reservation address of a
 * pass is the server's redirect (reference item 56).
 */
export const Route = createFileRoute('/$type/$publicId/reservation/$reservationId/$page')({
  loader: ({ context, params, location }) =>
    loadPurchaseReservation({ queryClient: context.queryClient, type: params.type, publicId: params.publicId, reservationId: params.reservationId, location }),
  component: PurchaseReservation,
});

function PurchaseReservation() {
  const { publicId, reservationId } = Route.useParams();
  return <PurchaseReservationPage key={reservationId} id={publicId} reservationId={reservationId} page={Route.useLoaderData().page} search={Route.useSearch()} />;
}
