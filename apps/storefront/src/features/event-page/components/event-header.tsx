import { fileUrl } from '../../../api/catalog-queries';
import type { EventWithAdditionalInfo } from '../../../api/catalog-queries';
import { useTranslate } from '../../i18n';

/** The event's image and title, the page's only h1. */
export function EventHeader({ event, title }: { event: Pick<EventWithAdditionalInfo, 'fileBlobId'>; title: string }) {
  const t = useTranslate();
  return (
    <header className="event-header">
      {event.fileBlobId ? (
        <img className="event-header__image" src={fileUrl(event.fileBlobId)} alt={t('a11y.event-image', title)} width={16} height={9} fetchPriority="high" />
      ) : null}
      <h1 className="event-header__title">{title}</h1>
    </header>
  );
}
