import type { EventWithAdditionalInfo } from '../../../api/catalog-queries';
import { useLanguage, useTranslate } from '../../i18n';
import type { useWaitingRoom } from '../use-waiting-room';

/** The line as the gate follows it (useWaitingRoom: the gate holds it, so that the room's comings and goings do not join again). */
type Props = ReturnType<typeof useWaitingRoom> & { readonly event: EventWithAdditionalInfo };

/** The place in big figures (the framed look is the waiting list's: no stylesheet of its own, nothing that moves). */
const PLACE = { fontSize: '2.5rem', fontWeight: 700, margin: '0.5rem 0' } as const;

/** An instant (ISO 8601 or epoch ms) in the event's time zone, as the room says them. */
export const formatInstant = (instant: string | number, lang: string, timeZone: string) =>
  new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(instant));

/**
 * The waiting room of a queued event: the place in line, how many are ahead and the estimated wait, kept up to date
 * by polling (use-waiting-room) and read out politely by screen readers (one live region, updated text only).
 * Admission moves the page on to the ticket selection (the event page shows it once an admission is held). The place
 * shown is among those still waiting (`ahead` + 1): the API's `position` is the place in the room's whole order,
 * which counts the ones already admitted.
 */
export function WaitingRoomSection({ event, status, failed, rejoin }: Props) {
  const t = useTranslate();
  const lang = useLanguage();
  const opensAt = status?.opensAt ?? event.waitingRoom?.opensAt ?? null;
  const wait = status?.estimatedWaitSeconds ?? null;
  const waitText = wait === null ? null : wait < 60 ? t('waiting-room.wait.seconds') : t('waiting-room.wait.minutes', Math.ceil(wait / 60));
  const place = typeof status?.ahead === 'number' ? status.ahead + 1 : null;
  const lines: string[] = [];
  switch (status?.state) {
    case undefined:
    case 'NOT_JOINED':
    case 'JOINING':
      lines.push(t('waiting-room.joining'));
      break;
    case 'WAITING_FOR_DRAW':
      if (opensAt) lines.push(t('waiting-room.before-opening', formatInstant(opensAt, lang, event.timeZone)));
      break;
    case 'IN_LINE':
      lines.push(t('waiting-room.position', place ?? ''), t('waiting-room.ahead', status.ahead ?? 0));
      if (waitText) lines.push(t('waiting-room.wait', waitText));
      break;
    // ADMITTED: the page moves on to the selection, whose notice says it (here it would be read out twice)
    case 'EXPIRED':
      lines.push(t('waiting-room.expired'));
      break;
  }
  return (
    <section className="event-section waiting-list" aria-labelledby="waiting-room-title">
      <h2 id="waiting-room-title">{t('waiting-room.title')}</h2>
      <div className="waiting-room__status" role="status" aria-live="polite" aria-atomic="true">
        {lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
        {failed ? <p className="field-error">{t('waiting-room.error')}</p> : null}
      </div>
      {status?.state === 'IN_LINE' && place !== null ? (
        <p aria-hidden="true" style={PLACE}>
          {place}
        </p>
      ) : null}
      {status?.state === 'EXPIRED' ? (
        <button type="button" className="button button--primary" onClick={rejoin}>
          {t('waiting-room.join-again')}
        </button>
      ) : (
        <p className="lead">{t('waiting-room.keep-open')}</p>
      )}
    </section>
  );
}
