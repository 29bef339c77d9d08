import { createFileRoute } from '@tanstack/react-router';
import { TicketUpdatePage } from '../features/ticket/components/ticket-update-page';
import { loadTicketUpdate } from '../features/ticket/ticket-loaders';

/** Assign a ticket, change its holder, send, download or release it (spec 2, Ticket update page). */
export const Route = createFileRoute('/event/$eventShortName/ticket/$ticketId/update')({
  loader: ({ context, params }) => loadTicketUpdate(context.queryClient, params.eventShortName, params.ticketId),
  component: TicketUpdate,
});

function TicketUpdate() {
  const { eventShortName, ticketId } = Route.useParams();
  return <TicketUpdatePage eventShortName={eventShortName} ticketId={ticketId} />;
}
