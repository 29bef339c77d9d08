import { Link } from '@tanstack/react-router';
import { fileUrl } from '../api/catalog-queries';
import type { BasicEventInfo } from '../api/catalog-queries';
import type { CatalogSearch } from '../app/search-params';
import { pickLocalizedWithLanguage, useLanguage } from '../features/i18n';
import { outOfFrame } from '../features/embedding/framed';
import { EventDates } from './event-dates';
import { EventPlace } from './event-place';

interface Props {
  readonly event: BasicEventInfo;
  /** h2 on a page that lists only events, h3 under a section heading. */
  readonly headingLevel: 2 | 3;
  /** The list's filters, carried to the event page (and from there to the reservation). */
  readonly search?: CatalogSearch;
}

/**
 * One event in a list. The title is the card's only link, stretched over the card by CSS, so a screen reader
 * hears one link named after the event; the image is decorative next to that title (alt=""). In a frame (an embedded
 * pass's events) the event opens in a new tab: it may not allow the host to embed it.
 */
export function EventCard({ event, headingLevel, search = {} }: Props) {
  // a title in another language than the page's (the event has none in it) says which, for screen readers
  const title = pickLocalizedWithLanguage(event.title, useLanguage(), event.contentLanguages);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card">
      {event.fileBlobId ? <img className="card__image" src={fileUrl(event.fileBlobId)} alt="" width={16} height={9} loading="lazy" decoding="async" /> : null}
      <div className="card__body">
        <Heading className="card__title">
          <Link className="card__link" to="/event/$eventShortName" params={{ eventShortName: event.shortName }} search={search} lang={title.lang} {...outOfFrame()}>
            {title.text}
          </Link>
        </Heading>
        <EventDates event={event} />
        <EventPlace format={event.format} location={event.location} />
      </div>
    </article>
  );
}
