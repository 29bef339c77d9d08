import { createFileRoute } from '@tanstack/react-router';
import { PollPage } from '../features/poll';

/**
 * The poll area (spec 2, route table: event/{eventShortName}/poll, and a poll of it at poll/{pollId}): one route with
 * an optional segment, so the tree every visitor loads carries one entry for both, and the page its own chunk.
 */
export const Route = createFileRoute('/event/$eventShortName/poll/{-$pollId}')({
  component: Poll,
});

function Poll() {
  const { eventShortName, pollId } = Route.useParams();
  return <PollPage key={pollId ?? ''} eventShortName={eventShortName} pollId={pollId} />;
}
