import { eventCalendarUrl } from '../../../api/catalog-queries';
import type { EventWithAdditionalInfo } from '../../../api/catalog-queries';
import { isoDate, useEventDatesText } from '../../../components/event-dates';
import { EventPlace } from '../../../components/event-place';
import { ExternalLink } from '../../../components/external-link';
import { useLanguage, useTranslate } from '../../i18n';

/**
 * When, where and by whom, as a description list: dates in the event's time zone with calendar links (an
 * .ics file and Google Calendar, both through our server), location or online badge with the organizer's map image,
 * organizer name and e-mail, and the event's website.
 */
export function EventFacts({ event }: { event: EventWithAdditionalInfo }) {
  const t = useTranslate();
  const lang = useLanguage();
  const dates = useEventDatesText(event);
  const hasPlace = event.format !== 'ONLINE' ? !!event.location?.trim() : true;
  return (
    <aside className="event-facts" aria-label={t('storefront.event.facts')}>
      <dl>
        <div className="event-facts__item">
          <dt>{t('common.date')}</dt>
          <dd>
            <p className="event-facts__dates">
              <time dateTime={isoDate(event.datesWithOffset.startDateTime)}>{dates}</time>
            </p>
            <p className="event-facts__zone">{t('show-event.timezone.warn', event.timeZone)}</p>
            <p className="event-facts__label">{t('show-event.add-to-calendar')}</p>
            <ul className="link-list">
              <li>
                <a href={eventCalendarUrl(event.shortName, lang)} download={`${event.shortName}.ics`}>
                  {t('show-event.add-to-calendar.ics')}
                </a>
              </li>
              <li>
                <ExternalLink href={eventCalendarUrl(event.shortName, lang, 'google')}>{t('show-event.add-to-calendar.google')}</ExternalLink>
              </li>
            </ul>
          </dd>
        </div>
        {hasPlace ? (
          <div className="event-facts__item">
            <dt>{t('event.location')}</dt>
            <dd>
              <EventPlace format={event.format} location={event.location} />
              {event.format === 'ONLINE' ? <p>{t('event.location.online')}</p> : null}
              {event.mapUrl ? <img className="event-facts__map" src={event.mapUrl} alt={t('storefront.event.map', event.location)} loading="lazy" /> : null}
            </dd>
          </div>
        ) : null}
        <div className="event-facts__item">
          <dt>{t('common.organizer')}</dt>
          <dd>
            <p>{event.organizationName}</p>
            {event.organizationEmail ? (
              <p>
                <a href={`mailto:${event.organizationEmail}`}>{event.organizationEmail}</a>
              </p>
            ) : null}
          </dd>
        </div>
      </dl>
      {event.websiteUrl ? (
        <ExternalLink className="button button--secondary button--block" href={event.websiteUrl}>
          {t('to-event-site')}
        </ExternalLink>
      ) : null}
    </aside>
  );
}
