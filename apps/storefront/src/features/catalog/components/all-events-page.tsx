import { useEventsSuspense } from '../../../api/catalog-queries';
import type { CatalogSearch } from '../../../app/search-params';
import { EventCard } from '../../../components/event-card';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useTranslate } from '../../i18n';
import { CardGrid } from './card-grid';
import { HomeLink } from './home-link';

/** Every event (of one organizer, when `organizerSlug`), or the 'no events' notice. */
export function AllEventsPage({ organizerSlug, filters }: { organizerSlug?: string; filters: CatalogSearch }) {
  const t = useTranslate();
  const events = useEventsSuspense({ ...filters, ...(organizerSlug ? { organizerSlug } : {}) });
  const title = t('event-list.all-events');
  useDocumentTitle(title);
  return (
    <div className="catalog">
      <h1>{title}</h1>
      {events.length ? (
        <CardGrid>{events.map((e) => <EventCard key={e.shortName} event={e} headingLevel={2} search={filters} />)}</CardGrid>
      ) : (
        <p className="notice">{t('event-list.no-events')}</p>
      )}
      <HomeLink organizerSlug={organizerSlug} filters={filters} />
    </div>
  );
}
