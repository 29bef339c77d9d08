import type { EventFormat } from '../api/catalog-queries';
import { useTranslate } from '../features/i18n';

/** Where: the location for in-person events, an 'online' badge for online ones, both for hybrid ones. */
export function EventPlace({ format, location }: { format: EventFormat; location: string | null | undefined }) {
  const t = useTranslate();
  const showLocation = format !== 'ONLINE' && !!location?.trim();
  const online = format !== 'IN_PERSON';
  if (!showLocation && !online) return null;
  return (
    <p className="event-place">
      {showLocation ? <span className="event-place__location">{location}</span> : null}
      {online ? <span className="badge badge--online">{t('event.online.badge')}</span> : null}
    </p>
  );
}
