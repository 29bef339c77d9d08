import { createFileRoute } from '@tanstack/react-router';
import { TicketViewPage } from '../features/ticket/components/ticket-view-page';
import { loadTicketView } from '../features/ticket/ticket-loaders';

/** A ticket as its holder shows it (spec 2, Ticket view page); a ticket the server does not show goes home. */
export const Route = createFileRoute('/event/$eventShortName/ticket/$ticketId/view')({
  loader: ({ context, params }) => loadTicketView(context.queryClient, params.eventShortName, params.ticketId),
  component: TicketView,
});

function TicketView() {
  const { eventShortName, ticketId } = Route.useParams();
  return <TicketViewPage eventShortName={eventShortName} ticketId={ticketId} />;
}
