import type { BasicEventInfo } from '../api/catalog-queries';
import { useLocalized, useTranslate } from '../features/i18n';

type Dated = Pick<
  BasicEventInfo,
  'sameDay' | 'timeZone' | 'datesWithOffset' | 'formattedBeginDate' | 'formattedBeginTime' | 'formattedEndDate' | 'formattedEndTime' | 'contentLanguages'
>;

/** "Sat 12 Jun 2027 from 18:00 to 22:00" or "From … at … to … at …", in the event's own time zone (server-formatted). */
export function useEventDatesText(event: Dated): string {
  const t = useTranslate();
  const localize = useLocalized();
  const pick = (map: Record<string, string>) => localize(map, event.contentLanguages);
  return event.sameDay
    ? t('event-days.same-day', pick(event.formattedBeginDate), pick(event.formattedBeginTime), pick(event.formattedEndTime))
    : t('event-days.multi-day', pick(event.formattedBeginDate), pick(event.formattedBeginTime), pick(event.formattedEndDate), pick(event.formattedEndTime));
}

/** Machine-readable start, for <time dateTime>; undefined when the server sent no date (0). */
export function isoDate(epochMs: number | null | undefined): string | undefined {
  return epochMs ? new Date(epochMs).toISOString() : undefined;
}

/** The dates on one line with the time zone after them (cards); the event page adds a full sentence. */
export function EventDates({ event }: { event: Dated }) {
  const text = useEventDatesText(event);
  return (
    <p className="event-dates">
      <time dateTime={isoDate(event.datesWithOffset.startDateTime)}>{text}</time>{' '}
      <span className="event-dates__zone">({event.timeZone})</span>
    </p>
  );
}
