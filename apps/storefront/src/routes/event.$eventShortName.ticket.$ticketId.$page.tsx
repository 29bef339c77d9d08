import { createFileRoute } from '@tanstack/react-router';
import { TicketUpdatePage } from '../features/ticket/components/ticket-update-page';
import { TicketViewPage } from '../features/ticket/components/ticket-view-page';
import { loadTicketPage } from '../features/ticket/ticket-loaders';

/**
 * A ticket's two pages (spec 2): 'view', the ticket as its holder shows it, and 'update', where it is assigned, its
 * holder changed, sent, downloaded or released. One route for both, as a pass's reservation pages have: each route
 * costs every visitor its config in the entry chunk. Any other page, or a ticket the server does not show, goes home.
 */
export const Route = createFileRoute('/event/$eventShortName/ticket/$ticketId/$page')({
  loader: ({ context, params }) => loadTicketPage(context.queryClient, params.eventShortName, params.ticketId, params.page),
  component: TicketPage,
});

function TicketPage() {
  const { eventShortName, ticketId, page } = Route.useParams();
  return page === 'update' ? <TicketUpdatePage eventShortName={eventShortName} ticketId={ticketId} /> : <TicketViewPage eventShortName={eventShortName} ticketId={ticketId} />;
}
