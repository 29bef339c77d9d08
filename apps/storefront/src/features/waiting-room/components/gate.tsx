import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import type { EventWithAdditionalInfo } from '../../../api/catalog-queries';
import { useAdmitted } from '../use-admitted';
import { WaitingRoomSection } from './waiting-room-section';

interface Props {
  readonly event: EventWithAdditionalInfo;
  /** The ticket selection, shown once this visitor is admitted. */
  readonly children: ReactNode;
}

/**
 * A queued event's selection behind its waiting room (a lazy part: the event page of an event without a room loads
 * none of it). On admission the selection shows and the focus moves to its heading, so the turn is not missed.
 */
// the default export: the event page loads it as `m.default`, a few bytes less in its JavaScript, which is at budget
export default function WaitingRoomGate({ event, children }: Props) {
  const { shortName } = event;
  const admitted = useAdmitted(shortName, true);
  const waited = useRef(!admitted);
  useEffect(() => {
    const heading = document.getElementById('event-tickets-title');
    if (admitted && waited.current && heading) {
      // the heading takes the focus only for this (it is no stop of the tab order)
      heading.tabIndex = -1;
      heading.focus();
    }
    waited.current = !admitted;
  }, [admitted]);
  return admitted ? children : <WaitingRoomSection shortName={shortName} event={event} />;
}
