import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { successData } from '@ticketing/api-client';
import type { TicketInfo } from '@ticketing/api-client';
import { useInfo } from '../../../api/app-queries';
import { useEventSuspense } from '../../../api/catalog-queries';
import { ticketInfoQueryOptions } from '../../../api/ticket-queries';
import { isoDate, useEventDatesText } from '../../../components/event-dates';
import { EventPlace } from '../../../components/event-place';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useLanguage, useLocalized, useTranslate } from '../../i18n';
import { ticketCodeHref, ticketPdfHref, walletLinksOf } from '../model/ticket-links';
import '../ticket.css';

/**
 * Spec 2, ticket view page: the event (title, dates in its time zone, place, organizer), the code to show at the
 * entrance, the holder, category, reference and order, the additional services with the answers given, the notice
 * when the price is due at the desk, the wallet badges the site offers and the PDF.
 */
export function TicketViewPage({ eventShortName, ticketId }: { eventShortName: string; ticketId: string }) {
  const t = useTranslate();
  const localize = useLocalized();
  const event = useEventSuspense(eventShortName);
  const ticket = useSuspenseQuery({ ...ticketInfoQueryOptions(eventShortName, ticketId), select: successData }).data;
  const { data: info } = useInfo();
  const title = localize(event.title, event.contentLanguages) || event.displayName;
  useDocumentTitle(t('show-ticket.header.title', title));
  // the ticket's own dates (its category's validity, else the event's), in the event's zone
  const dates = useEventDatesText({ ...ticket, contentLanguages: event.contentLanguages });
  const wallet = walletLinksOf(info?.walletConfiguration, eventShortName, ticket.uuid);

  return (
    <article className="ticket-page ticket-view">
      <header className="ticket-page__header">
        <h1>{t('show-ticket.header.title', title)}</h1>
      </header>
      {ticket.deskPaymentRequired ? <p className="notice notice--warning">{t('ticket.payment-required')}</p> : null}
      <div className="ticket-view__layout">
        <section className="ticket-card ticket-view__ticket" aria-labelledby="ticket-heading">
          <h2 id="ticket-heading">{t('ticket.ticket')}</h2>
          <img className="ticket-view__code" src={ticketCodeHref(eventShortName, ticket.uuid)} alt={t('qr.code')} width={220} height={220} />
          <dl className="ticket-facts">
            <Fact term={t('ticket.holder')}>
              <span className="ticket-facts__line">{ticket.fullName}</span>
              <span className="ticket-facts__line">{ticket.email}</span>
            </Fact>
            <Fact term={t('ticket.type')}>{ticket.ticketCategoryName}</Fact>
            <Fact term={t('ticket.reference-number')}>
              <span className="ticket-facts__code">{ticket.uuid}</span>
            </Fact>
            <Fact term={t('ticket.order-information')}>{t('ticket.order-information-values', ticket.reservationId, ticket.reservationFullName)}</Fact>
          </dl>
          <div className="ticket-view__downloads">
            <a className="button" href={ticketPdfHref(eventShortName, ticket.uuid)} download>
              {t('ticket.download-pdf')}
            </a>
            {wallet.apple ? (
              <a className="wallet-badge wallet-badge--apple" href={wallet.apple}>
                {t('ticket.wallet.apple')}
              </a>
            ) : null}
            {wallet.google ? (
              <a className="wallet-badge wallet-badge--google" href={wallet.google}>
                {t('ticket.wallet.google')}
              </a>
            ) : null}
          </div>
        </section>
        <section className="ticket-card" aria-labelledby="event-info-heading">
          <h2 id="event-info-heading">{t('ticket.event-info')}</h2>
          <dl className="ticket-facts">
            <Fact term={t('ticket.date-time')}>
              <time dateTime={isoDate(ticket.datesWithOffset.startDateTime)}>{dates}</time> <span className="ticket-facts__muted">({ticket.timeZone})</span>
            </Fact>
            <Fact term={t('ticket.location')}>
              <EventPlace format={event.format} location={event.location} />
            </Fact>
            <Fact term={t('ticket.organized-by')}>{event.organizationName}</Fact>
          </dl>
        </section>
        {ticket.additionalServiceWithData.length > 0 ? <AdditionalServices services={ticket.additionalServiceWithData} contentLanguages={event.contentLanguages} /> : null}
      </div>
      {ticket.pollPin ? <PollPin eventShortName={eventShortName} pin={ticket.pollPin} /> : null}
      <p>
        <Link to="/event/$eventShortName/ticket/$ticketId/$page" params={{ eventShortName, ticketId, page: 'update' }}>
          {t('ticket-update.header.title')}
        </Link>
      </p>
    </article>
  );
}

/**
 * A checked-in ticket of an event with polls: its PIN, and the way to the poll area, which the PIN goes to in the
 * history state (never in the address), so the attendee need not type it there.
 */
function PollPin({ eventShortName, pin }: { eventShortName: string; pin: string }) {
  const t = useTranslate();
  return (
    <section className="notice notice--info ticket-view__poll" aria-labelledby="ticket-poll-pin">
      <p id="ticket-poll-pin">{t('ticket.poll-pin', pin)}</p>
      <Link to="/event/$eventShortName/poll/{-$pollId}" params={{ eventShortName, pollId: undefined }} state={{ pollPin: pin }}>
        {t('ticket.poll-link')}
      </Link>
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="ticket-facts__row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

type Service = TicketInfo['additionalServiceWithData'][number];
type Question = Service['ticketFieldConfiguration'][number];

/** The supplements booked with the ticket, each with the answers given to its questions. */
function AdditionalServices({ services, contentLanguages }: { services: readonly Service[]; contentLanguages: readonly { locale: string }[] }) {
  const t = useTranslate();
  const lang = useLanguage();
  const localize = useLocalized();
  return (
    <section className="ticket-card" aria-labelledby="ticket-services-heading">
      <h2 id="ticket-services-heading">{t('ticket.additional-services')}</h2>
      <ul className="ticket-services">
        {services.map((service) => (
          <li key={service.itemId}>
            <h3>{localize(service.title, contentLanguages)}</h3>
            {service.ticketFieldConfiguration.some((f) => answersOf(f).length > 0) ? (
              <dl className="ticket-facts">
                {service.ticketFieldConfiguration.map((field) => {
                  const answers = answersOf(field);
                  if (answers.length === 0) return null;
                  const description = describe(field, lang, contentLanguages);
                  return (
                    <Fact key={field.name} term={description.label}>
                      {answers.map((a) => description.restrictedValuesDescription?.[a] || a).join(', ')}
                    </Fact>
                  );
                })}
              </dl>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A question's label and value texts in the language, else in the event's first, else in any it has. */
function describe(field: Question, lang: string, contentLanguages: readonly { locale: string }[]) {
  const found = [lang, ...contentLanguages.map((l) => l.locale)].map((l) => field.description[l]).find(Boolean) ?? Object.values(field.description)[0];
  return { label: found?.label || field.name, restrictedValuesDescription: found?.restrictedValuesDescription };
}

/** The answers saved for a question, in input order. */
function answersOf(field: Pick<Question, 'fields' | 'value'>): string[] {
  const given = [...field.fields]
    .sort((a, b) => a.fieldIndex - b.fieldIndex)
    .map((f) => f.fieldValue)
    .filter((v): v is string => typeof v === 'string' && v !== '');
  return given.length > 0 ? given : field.value ? [field.value] : [];
}
