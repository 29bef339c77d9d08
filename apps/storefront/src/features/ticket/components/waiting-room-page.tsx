import { useSuspenseQuery } from '@tanstack/react-query';
import { successData } from '@ticketing/api-client';
import { useEffect, useState } from 'react';
import { useEventSuspense } from '../../../api/catalog-queries';
import { checkInInfoQueryOptions, ticketFullQueryOptions } from '../../../api/ticket-queries';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useLocalized, useTranslate } from '../../i18n';
import { checkInHref } from '../model/ticket-links';
import { waitingRoomStateAt } from '../model/ticket-rules';
import { browserTimeZone } from '../ticket-loaders';
import '../ticket.css';

interface Props {
  readonly eventShortName: string;
  readonly ticketId: string;
  readonly checkInCode: string;
  /** The clock (epoch ms); tests pass their own. */
  readonly now?: () => number;
}

/** How often the page looks at the clock: it turns from 'not started' to 'started' to 'ended' by itself. */
const TICK_MS = 15_000;

/**
 * Spec 2, online waiting room: greets the attendee by first name and says, by the browser's clock against the
 * check-in's start and end, that the event has not started (with when the virtual doors open), has started, or has
 * ended; until it ended, the ticket's check-in link (which opens the event once the link is valid).
 */
export function WaitingRoomPage({ eventShortName, ticketId, checkInCode, now = Date.now }: Props) {
  const t = useTranslate();
  const localize = useLocalized();
  const event = useEventSuspense(eventShortName);
  const zone = browserTimeZone();
  const info = useSuspenseQuery({ ...checkInInfoQueryOptions(eventShortName, ticketId, checkInCode, zone), select: successData }).data;
  const ticket = useSuspenseQuery({ ...ticketFullQueryOptions(eventShortName, ticketId), select: successData }).data.tickets[0]!;
  const [clock, setClock] = useState(now);
  useEffect(() => {
    const timer = setInterval(() => setClock(now()), TICK_MS);
    return () => clearInterval(timer);
  }, [now]);
  const state = waitingRoomStateAt(clock, info.datesWithOffset);
  const title = localize(event.title, event.contentLanguages) || event.displayName;
  useDocumentTitle(`${t('online.check-in.waiting-room.title')} - ${title}`);
  const pick = (map: Record<string, string>) => localize(map, event.contentLanguages);

  return (
    <article className="ticket-page waiting-room">
      <header className="ticket-page__header">
        <p className="ticket-page__event">{title}</p>
        <h1>{t('online.check-in.waiting-room.title')}</h1>
      </header>
      <section className="ticket-card waiting-room__card" aria-labelledby="waiting-room-greeting">
        <h2 id="waiting-room-greeting">{t('online.check-in.waiting-room.greeting', ticket.firstName || ticket.fullName)}</h2>
        <div role="status" className="waiting-room__state" data-state={state}>
          {state === 'not-started' ? (
            <>
              <p className="waiting-room__headline">{t('online.check-in.waiting-room.event-not-started')}</p>
              <p>
                {t('online.check-in.waiting-room.event-not-started.start')}{' '}
                <time className="waiting-room__start" dateTime={new Date(info.datesWithOffset.startDateTime).toISOString()}>
                  {`${pick(info.formattedBeginDate)} ${pick(info.formattedBeginTime)}`}
                </time>{' '}
                {/* worded in the browser's zone when it has one (reference 39), else in the event's */}
                <span className="ticket-facts__muted">({zone ?? info.timeZone})</span>
              </p>
            </>
          ) : state === 'started' ? (
            <>
              <p className="waiting-room__headline">{t('online.check-in.waiting-room.event-started')}</p>
              <p>{t('online.check-in.waiting-room.event-started.contact-organizers')}</p>
            </>
          ) : (
            <p className="waiting-room__headline">{t('online.check-in.waiting-room.event-ended')}</p>
          )}
        </div>
        {state === 'ended' ? null : (
          <a className={state === 'started' ? 'button button--large' : 'button button--secondary'} href={checkInHref(eventShortName, ticketId, checkInCode)}>
            {t(state === 'started' ? 'online.check-in.waiting-room.join' : 'online.check-in.waiting-room.button')}
          </a>
        )}
      </section>
    </article>
  );
}
