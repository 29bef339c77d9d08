import { useLocalized, useTranslate } from '../../i18n';
import type { BookingInfoTicket } from '../model/ticket-rules';

/**
 * Spec 2, ticket update page: an online ticket says when its event can be joined (the check-in date in the
 * attendee's language), or that it has started; both point to the link in the ticket e-mail.
 */
export function OnlineTicketAlert({ ticket, contentLanguages }: { ticket: Pick<BookingInfoTicket, 'onlineEventStarted' | 'formattedOnlineCheckInDate'>; contentLanguages: readonly { locale: string }[] }) {
  const t = useTranslate();
  const localize = useLocalized();
  return (
    <p className="notice notice--info ticket-online-alert">
      {ticket.onlineEventStarted ? t('event.online.started') : t('event.online.not-started', localize(ticket.formattedOnlineCheckInDate, contentLanguages))}
    </p>
  );
}
