import { createFileRoute, Outlet } from '@tanstack/react-router';
import { EventScope } from '../features/event-page/components/event-scope';
import { loadEvent } from '../features/event-page/event-loaders';

/** Every event route: the event loaded first (unknown -> home); its custom CSS and texts apply inside. */
export const Route = createFileRoute('/event/$eventShortName')({
  loader: ({ context, params }) => loadEvent(context.queryClient, params.eventShortName),
  component: EventLayout,
});

function EventLayout() {
  return (
    <EventScope shortName={Route.useParams().eventShortName}>
      <Outlet />
    </EventScope>
  );
}
