import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import type { EventWithAdditionalInfo } from '../../../api/catalog-queries';
import { useLanguage, useTranslate } from '../../i18n';
import { useAdmitted } from '../use-admitted';
import { useWaitingRoom } from '../use-waiting-room';
import { formatInstant, WaitingRoomSection } from './waiting-room-section';

interface Props {
  readonly event: EventWithAdditionalInfo;
  /** The ticket selection, shown once this visitor is admitted. */
  readonly children: ReactNode;
}

/**
 * A queued event's selection behind its waiting room (a lazy part: the event page of an event without a room loads
 * none of it). On admission the selection shows, under a notice of until when the place is kept, and the focus moves
 * to its heading, so the turn is not missed; when the admission lapses the room comes back and says so.
 */
// the default export: the event page loads it as `m.default`, a few bytes less in its JavaScript, which is at budget
export default function WaitingRoomGate({ event, children }: Props) {
  const t = useTranslate();
  const lang = useLanguage();
  const admission = useAdmitted(event.shortName);
  const admitted = admission !== undefined;
  // held here, not in the room, which goes on admission and comes back on a lapse: the page joins once (a rejoin after
  // an expiry is the buyer's choice) and keeps following the line
  const line = useWaitingRoom(event.shortName, admitted);
  const waited = useRef(!admitted);
  useEffect(() => {
    // a change of `admitted` (not the first render): on admission the selection's heading takes the focus; on a lapse
    // the room's, if the focus went with the selection (else it stays where the buyer put it). Only for this: the
    // headings are no stops of the tab order.
    const heading = document.getElementById(admitted ? 'event-tickets-title' : 'waiting-room-title');
    if (heading && waited.current === admitted && (admitted || document.activeElement === document.body)) {
      heading.tabIndex = -1;
      heading.focus();
    }
    waited.current = !admitted;
  }, [admitted]);
  return (
    <>
      {/* here before the notice comes, so that screen readers read it out when it does (once: it does not change) */}
      <div role="status" aria-live="polite">
        {admission ? <p className="notice notice--info">{t('waiting-room.admitted', formatInstant(admission.expiresAt, lang, event.timeZone))}</p> : null}
      </div>
      {admitted ? children : <WaitingRoomSection event={event} {...line} />}
    </>
  );
}
