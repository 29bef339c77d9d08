import { useEventSuspense } from '../../../api/catalog-queries';
import { usePurchaseContextSuspense } from '../../../api/purchase-context-queries';
import type { ReservationInfo } from '../../../api/reservation-queries';
import type { PurchaseContextRef } from '../../../app/purchase-context';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { isEmbedded } from '../../embedding';
import { useTranslate } from '../../i18n';
import { useReservation } from '../hooks/use-reservation';
import { useTicketReleased } from '../hooks/use-ticket-released';
import { EventLinks } from './event-links';
import { OrderSummary } from './order-summary';
import { PaymentInstructions } from './payment-instructions';
import { ResendEmailButton } from './resend-email-button';
import { TicketsByCategory } from './tickets-by-category';
import '../reservation-status.css';

/**
 * A confirmed order paid later (spec 2, Deferred offline payment success page): the organizer trusts the buyer,
 * so the tickets are issued already, listed with their actions as on the success page; the bank transfer is still
 * due, by the event's begin, with the same instructions as the waiting-payment page.
 */
export function DeferredPaymentPage({ context, reservationId }: { context: PurchaseContextRef; reservationId: string }) {
  const t = useTranslate();
  const event = usePurchaseContextSuspense(context);
  const reservation = useReservation(reservationId);
  useDocumentTitle(t('reservation-page.offline.deferred.success.title'));
  return (
    <article className="reservation-status">
      <h1>{t('reservation-page.offline.deferred.success.title')}</h1>
      <div className="notice notice--success reservation-status__confirmation">
        <p>{t('reservation-page.offline.deferred.success.tickets-issued')}</p>
        {reservation.email ? <p>{t('reservation-page-complete.info-assign-email', reservation.email)}</p> : null}
      </div>
      <PaymentInstructions event={event} reservation={reservation} deferred />
      <div className="reservation-actions">
        <ResendEmailButton context={context} reservationId={reservationId} />
      </div>
      {context.type === 'event' && reservation.ticketsByCategory.length > 0 ? <IssuedTickets eventShortName={context.id} reservation={reservation} /> : null}
      <OrderSummary summary={reservation.orderSummary} currency={event.currency} vatIncluded={event.vatIncluded} headingId="reservation-order" />
      <p className="reservation-status__id">{t('reservation-page-error-status.your-reservation-identifier', reservation.shortId.toUpperCase())}</p>
      {isEmbedded(event.embeddingConfiguration) || reservation.metadata.hideConfirmationButtons ? null : <EventLinks context={context} websiteUrl={event.websiteUrl} />}
    </article>
  );
}

/** The tickets of an event's order, issued before the money arrives: held, shown, sent and released as on the success page. */
function IssuedTickets({ eventShortName, reservation }: { eventShortName: string; reservation: ReservationInfo }) {
  const event = useEventSuspense(eventShortName);
  const onReleased = useTicketReleased(eventShortName, reservation);
  return (
    <TicketsByCategory categories={reservation.ticketsByCategory} headingId="reservation-tickets" eventShortName={eventShortName} eventFormat={event.format} actions onReleased={onReleased} />
  );
}
