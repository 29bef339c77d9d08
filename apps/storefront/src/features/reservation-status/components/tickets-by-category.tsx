import type { ReservationInfo } from '../../../api/reservation-queries';
import { useTranslate } from '../../i18n';
import { useLazyParts } from '../../../app/lazy-part';
import { ticketActionsPart } from '../../ticket';

interface Props {
  readonly categories: ReservationInfo['ticketsByCategory'];
  readonly headingId: string;
  readonly eventShortName: string;
  readonly eventFormat: 'IN_PERSON' | 'ONLINE' | 'HYBRID';
  /** While the order is being finalized its tickets cannot be used yet: holders only, no actions. */
  readonly actions: boolean;
  /** A ticket was released: the order as it is now (or the event page, when it was the only ticket). */
  readonly onReleased: () => Promise<unknown> | void;
}

/**
 * The reservation's tickets by category, each with its holder and what can be done with it by its flags (spec 2,
 * Success page; spec 6): assign or update the holder, show, download, send by e-mail, release.
 */
export function TicketsByCategory({ categories, headingId, eventShortName, eventFormat, actions, onReleased }: Props) {
  const t = useTranslate();
  useLazyParts(actions && ticketActionsPart);
  // The label is alf.io's "Ticket #": its client writes the number right after it, and so do we.
  let number = 0;
  return (
    <section className="reservation-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('reservation-page-complete.your-tickets')}</h2>
      {categories.map((category, c) => (
        <div key={`${category.name}-${c}`} className="ticket-category">
          <h3 id={`${headingId}-${c}`}>{category.name}</h3>
          <ul className="ticket-list" aria-labelledby={`${headingId}-${c}`}>
            {category.tickets.map((ticket) => {
              number += 1;
              const holder = ticket.assigned && ticket.email ? t('reservation-page-complete.assigned-to', ticket.fullName, ticket.email) : null;
              const labelId = `${headingId}-ticket-${ticket.uuid}`;
              return (
                <li key={ticket.uuid} className="ticket-list__item">
                  <span id={labelId} className="ticket-list__number">{`${t('reservation-page-complete.ticket-nr')}${number}`}</span>
                  <span className={holder ? 'ticket-list__holder' : 'ticket-list__holder ticket-list__holder--none'}>
                    {holder ?? t('reservation-page-complete.ticket-not-assigned')}
                  </span>
                  {actions ? (
                    <ticketActionsPart.Part
                      eventShortName={eventShortName}
                      ticket={ticket}
                      eventFormat={eventFormat}
                      accessType={category.ticketAccessType}
                      labelledBy={labelId}
                      ownerLink
                      onReleased={onReleased}
                    />
                  ) : null}
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </section>
  );
}
