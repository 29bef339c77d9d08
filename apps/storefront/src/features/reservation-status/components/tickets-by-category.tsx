import type { ReservationInfo } from '../../../api/reservation-queries';
import { useTranslate } from '../../i18n';

/**
 * The reservation's tickets by category, each with its holder (spec 2, Success page). The per-ticket actions
 * (assign, show, download, send, release) need the ticket API, which is not served yet: none is offered.
 */
export function TicketsByCategory({ categories, headingId }: { categories: ReservationInfo['ticketsByCategory']; headingId: string }) {
  const t = useTranslate();
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
              return (
                <li key={ticket.uuid} className="ticket-list__item">
                  <span className="ticket-list__number">{`${t('reservation-page-complete.ticket-nr')}${number}`}</span>
                  <span className={holder ? 'ticket-list__holder' : 'ticket-list__holder ticket-list__holder--none'}>
                    {holder ?? t('reservation-page-complete.ticket-not-assigned')}
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </section>
  );
}
