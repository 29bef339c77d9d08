import { Link } from '@tanstack/react-router';
import type { Ref } from 'react';
import { useState } from 'react';
import { useInfo } from '../../../api/app-queries';
import { lazyPart } from '../../../app/lazy-part';
import { useTranslate } from '../../i18n';
import { useReleaseTicket } from '../hooks/use-release-ticket';
import { useSendTicket } from '../hooks/use-send-ticket';
import { ticketPdfHref, walletLinksOf } from '../model/ticket-links';
import type { BookingInfoTicket } from '../model/ticket-rules';
import { isOnlineTicket, ticketActionsOf } from '../model/ticket-rules';
import '../ticket.css';

// The dialogs open on a click: their code (with the focus trap) comes in a chunk of its own, asked for when the
// visitor first reaches for a ticket's actions, else when one opens. A dialog whose chunk does not load shows
// nothing; the page stays usable.
const dialogs = () => import('../dialogs/ticket-dialogs');
const downloadDialog = lazyPart(() => dialogs().then((m) => m.DownloadTicketDialog));
const releaseDialog = lazyPart(() => dialogs().then((m) => m.ReleaseTicketDialog));
const preloadDialogs = () => {
  void downloadDialog.preload();
  void releaseDialog.preload();
};

interface Props {
  readonly eventShortName: string;
  readonly ticket: Pick<BookingInfoTicket, 'uuid' | 'assigned' | 'cancellationEnabled' | 'downloadEnabled' | 'sendMailEnabled'>;
  /** With its category's access type: an online ticket (spec 2) has no PDF to show at an entrance. */
  readonly eventFormat: 'IN_PERSON' | 'ONLINE' | 'HYBRID';
  readonly accessType: 'INHERIT' | 'IN_PERSON' | 'ONLINE';
  /** The id of what names the ticket ("Ticket #2"): the actions are a group under that name. */
  readonly labelledBy: string;
  /** Offer the update page (assign or change the holder): the success page does, the update page is it. */
  readonly ownerLink?: boolean;
  /** After the server released the ticket: reload the order, or leave for the event page. */
  readonly onReleased: () => Promise<unknown> | void;
  /** After the server sent the ticket, for a page that says so itself (the update page); the success toast otherwise. */
  readonly onSent?: () => void;
  /** The Send by email button, for a page that gives it the focus back. */
  readonly sendRef?: Ref<HTMLButtonElement>;
}

/**
 * What can be done with one ticket, by its flags (spec 2 and 6): assign or update its holder, show it, download it
 * (PDF and wallet passes, in the download modal), send it by e-mail, release it (after a yes in the confirmation).
 */
export function TicketActions({ eventShortName, ticket, eventFormat, accessType, labelledBy, ownerLink = false, onReleased, onSent, sendRef }: Props) {
  const t = useTranslate();
  const { data: info } = useInfo();
  const actions = ticketActionsOf(ticket, isOnlineTicket(eventFormat, accessType));
  const sending = useSendTicket(eventShortName, ticket.uuid, onSent);
  const releasing = useReleaseTicket(eventShortName, ticket.uuid, onReleased);
  const [open, setOpen] = useState<'download' | 'release' | null>(null);
  const close = () => setOpen(null);
  const params = { eventShortName, ticketId: ticket.uuid };

  return (
    <div className="ticket-actions" role="group" aria-labelledby={labelledBy} onFocus={preloadDialogs} onPointerDown={preloadDialogs}>
      {ownerLink ? (
        <Link to="/event/$eventShortName/ticket/$ticketId/$page" params={{ ...params, page: 'update' }} className="button button--small">
          {t(ticket.assigned ? 'reservation-page-complete.update' : 'reservation-page-complete.assign')}
        </Link>
      ) : null}
      {actions.show ? (
        <Link to="/event/$eventShortName/ticket/$ticketId/$page" params={{ ...params, page: 'view' }} className="button button--small button--secondary">
          {t('reservation-page-complete.show-ticket')}
        </Link>
      ) : null}
      {actions.download ? (
        <button type="button" className="button button--small button--secondary" aria-haspopup="dialog" onClick={() => setOpen('download')}>
          {t('reservation-page-complete.download-ticket')}
        </button>
      ) : null}
      {actions.send ? (
        <button
          ref={sendRef}
          type="button"
          className="button button--small button--secondary"
          // aria-disabled, not disabled, while it sends: a disabled button drops the keyboard focus
          onClick={() => (sending.pending ? undefined : sending.send())}
          aria-disabled={sending.pending || undefined}
          aria-busy={sending.pending || undefined}
        >
          {t('reservation-page-complete.send-ticket-by-email')}
        </button>
      ) : null}
      {actions.release ? (
        <button type="button" className="button button--small button--secondary ticket-actions__release" aria-haspopup="dialog" onClick={() => setOpen('release')}>
          {t('reservation-page-complete.release-button.text')}
        </button>
      ) : null}
      {open === 'download' ? (
        <downloadDialog.Part pdfHref={ticketPdfHref(eventShortName, ticket.uuid)} wallet={walletLinksOf(info?.walletConfiguration, eventShortName, ticket.uuid)} onClose={close} />
      ) : null}
      {open === 'release' ? <releaseDialog.Part pending={releasing.pending} onNo={close} onYes={() => void releasing.release().then(close)} /> : null}
    </div>
  );
}
