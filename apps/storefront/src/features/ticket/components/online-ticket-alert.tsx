import { useLocalized, useTranslate } from '../../i18n';
import type { BookingInfoTicket } from '../model/ticket-rules';

/**
 * Spec 2, ticket update page: an online ticket says when its event can be joined (the check-in date in the
 * attendee's language), or that it has started; both point to the link in the ticket e-mail.
 */
export function OnlineTicketAlert({
  ticket,
  contentLanguages,
  timeZone,
}: {
  ticket: Pick<BookingInfoTicket, 'onlineEventStarted' | 'formattedOnlineCheckInDate'>;
  contentLanguages: readonly { locale: string }[];
  /** The event's zone, which the date is in: named, as the waiting room names the one it shows. */
  timeZone: string;
}) {
  const t = useTranslate();
  const localize = useLocalized();
  const opens = localize(ticket.formattedOnlineCheckInDate, contentLanguages);
  return (
    <p className="notice notice--info ticket-online-alert">
      {ticket.onlineEventStarted ? t('event.online.started') : t('event.online.not-started', opens && timeZone ? `${opens} (${timeZone})` : opens)}
    </p>
  );
}
