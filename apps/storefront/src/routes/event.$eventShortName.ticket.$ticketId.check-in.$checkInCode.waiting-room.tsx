import { createFileRoute } from '@tanstack/react-router';
import { WaitingRoomPage } from '../features/ticket/components/waiting-room-page';
import { loadWaitingRoom } from '../features/ticket/ticket-loaders';

/** Where an online ticket's check-in link leads before the event can be joined (spec 2, Online waiting room). */
export const Route = createFileRoute('/event/$eventShortName/ticket/$ticketId/check-in/$checkInCode/waiting-room')({
  loader: ({ context, params }) => loadWaitingRoom(context.queryClient, params.eventShortName, params.ticketId, params.checkInCode),
  component: WaitingRoom,
});

function WaitingRoom() {
  const { eventShortName, ticketId, checkInCode } = Route.useParams();
  return <WaitingRoomPage eventShortName={eventShortName} ticketId={ticketId} checkInCode={checkInCode} />;
}
