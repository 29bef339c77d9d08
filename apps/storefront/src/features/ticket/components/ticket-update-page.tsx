import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { successData } from '@ticketing/api-client';
import { useId, useRef, useState } from 'react';
import { useEventSuspense } from '../../../api/catalog-queries';
import { ticketFullQueryOptions } from '../../../api/ticket-queries';
import { useLazyParts } from '../../../app/lazy-part';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useLocalized, useTranslate } from '../../i18n';
import { isOnlineTicket, ownerFormRulesOf } from '../model/ticket-rules';
import { OnlineTicketAlert } from './online-ticket-alert';
import { TicketActions } from './ticket-actions';
import { ownerFormPart } from './owner-form-part';
import '../ticket.css';

interface Props {
  readonly eventShortName: string;
  readonly ticketId: string;
  readonly now?: () => number;
}

/**
 * Spec 2, ticket update page: the event and the title; for an online ticket when it can be joined; a card with the
 * category and the holder (or a 'not assigned' warning) and the ticket's actions by flag (show, download, send,
 * release); the holder form, open at once for a ticket without a holder, behind 'update' otherwise. Released, the
 * ticket is gone: the page leaves for the event page. Sent by e-mail, the card says so until the visitor closes the
 * message (spec 2: a dismissible success message, in a live region; not the toast, which hides after 2.5 s).
 */
export function TicketUpdatePage({ eventShortName, ticketId, now }: Props) {
  const t = useTranslate();
  const localize = useLocalized();
  const navigate = useNavigate();
  const event = useEventSuspense(eventShortName);
  const category = useSuspenseQuery({ ...ticketFullQueryOptions(eventShortName, ticketId), select: successData }).data;
  const ticket = category.tickets[0]!;
  const online = isOnlineTicket(event.format, category.ticketAccessType);
  const rules = ownerFormRulesOf(ticket, event.assignmentConfiguration.enableTicketTransfer);
  const [editing, setEditing] = useState(rules.openByDefault);
  const title = localize(event.title, event.contentLanguages) || event.displayName;
  useDocumentTitle(`${t('ticket-update.header.title')} - ${title}`);
  const id = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const sendButton = useRef<HTMLButtonElement>(null);
  const [sent, setSent] = useState(false);
  const formOpen = editing || !ticket.assigned;
  // a page that opens with the form waits for it (no pop-in); one that opens it later shows a placeholder meanwhile
  useLazyParts(formOpen && ownerFormPart);
  const closeForm = () => {
    setEditing(false);
    // the form goes away: the focus returns to the button that opens it
    requestAnimationFrame(() => toggle.current?.focus());
  };

  return (
    <article className="ticket-page">
      <header className="ticket-page__header">
        <p className="ticket-page__event">{title}</p>
        <h1>{t('ticket-update.header.title')}</h1>
      </header>
      {online ? <OnlineTicketAlert ticket={ticket} contentLanguages={event.contentLanguages} timeZone={event.timeZone} /> : null}
      <section className="ticket-card" aria-labelledby={`${id}-category`}>
        <h2 id={`${id}-category`}>{category.name}</h2>
        {ticket.assigned ? (
          <p className="ticket-card__holder">
            <span className="ticket-card__name">{ticket.fullName}</span> <span className="ticket-card__email">{ticket.email}</span>
          </p>
        ) : (
          <p className="notice notice--warning">{t('reservation-page-complete.ticket-not-assigned.warning')}</p>
        )}
        <TicketActions
          eventShortName={eventShortName}
          ticket={ticket}
          eventFormat={event.format}
          accessType={category.ticketAccessType}
          labelledBy={`${id}-category`}
          onReleased={() => navigate({ to: '/event/$eventShortName', params: { eventShortName }, replace: true })}
          onSent={() => setSent(true)}
          sendRef={sendButton}
        />
        {/* the live region stays in the page, so that the message is said when it comes */}
        <div className={sent ? 'ticket-card__sent notice notice--success' : 'ticket-card__sent'}>
          <p role="status">{sent ? t('email.ticket-email-sent') : null}</p>
          {sent ? (
            <button
              type="button"
              className="icon-button"
              aria-label={t('storefront.notification.close')}
              onClick={() => {
                setSent(false);
                // the button goes: the focus returns to the one that sent the ticket
                sendButton.current?.focus();
              }}
            >
              <span aria-hidden="true">×</span>
            </button>
          ) : null}
        </div>
        {ticket.assigned ? (
          <button
            ref={toggle}
            type="button"
            className="button button--small ticket-card__edit"
            aria-expanded={formOpen}
            aria-controls={`${id}-owner`}
            onClick={() => (formOpen ? closeForm() : setEditing(true))}
            onFocus={() => void ownerFormPart.preload()}
            onPointerEnter={() => void ownerFormPart.preload()}
          >
            {t('reservation-page-complete.update')}
          </button>
        ) : null}
      </section>
      <div id={`${id}-owner`}>
        {formOpen ? (
          <ownerFormPart.Part
            // a new holder: the form starts again from what the server now says
            key={`${ticket.email}|${ticket.firstName}|${ticket.lastName}`}
            eventShortName={eventShortName}
            ticket={ticket}
            event={event}
            rules={rules}
            onSaved={closeForm}
            onCancel={ticket.assigned ? closeForm : undefined}
            now={now}
          />
        ) : null}
      </div>
    </article>
  );
}
