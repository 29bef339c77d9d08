import { useEventSuspense } from '../../../api/catalog-queries';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { StepIndicator } from '../../booking';
import { isEmbedded } from '../../embedding';
import { useLocalized, useTranslate } from '../../i18n';
import { useReservation } from '../hooks/use-reservation';
import { useTicketReleased } from '../hooks/use-ticket-released';
import { invoiceDownload } from '../invoice-download';
import { EventLinks } from './event-links';
import { OrderSummary } from './order-summary';
import { ResendEmailButton } from './resend-email-button';
import { TicketsByCategory } from './tickets-by-category';
import '../reservation-status.css';

/**
 * Step 4 (spec 2, Success page): the confirmation naming the reservation e-mail, the tickets with their holders and
 * their actions, the order, resend e-mail, the invoice or receipt when spec 6 allows it, and the ways back to the
 * event. While the order is FINALIZING a notice says so, the tickets wait for it, and the page polls; the live region
 * announces the completion. A released ticket leaves the list; releasing the only one leaves for the event page.
 */
export function SuccessPage({ eventShortName, reservationId }: { eventShortName: string; reservationId: string }) {
  const t = useTranslate();
  const localize = useLocalized();
  const event = useEventSuspense(eventShortName);
  const reservation = useReservation(reservationId, ['FINALIZING']);
  const title = localize(event.title, event.contentLanguages);
  useDocumentTitle(t('reservation-page-complete.header.title', title));
  const finalizing = reservation.status === 'FINALIZING';
  const context = { type: 'event', id: eventShortName } as const;
  const download = finalizing ? null : invoiceDownload(reservation, context, event.invoicingConfiguration.userCanDownloadReceiptOrInvoice);
  // spec 4: an embedded page leaves the ways on to its host
  const hideButtons = isEmbedded(event.embeddingConfiguration) || reservation.metadata.hideConfirmationButtons;
  const onReleased = useTicketReleased(eventShortName, reservation);

  return (
    <article className="reservation-status">
      <StepIndicator current={4} free={reservation.orderSummary.free} />
      <h1>{t('reservation-page-complete.header.title', title)}</h1>
      <div role="status" className="reservation-status__live">
        {finalizing ? (
          <p className="notice notice--info">{t('reservation-page-complete.reservation.finalization-in-progress')}</p>
        ) : (
          <div className="notice notice--success reservation-status__confirmation">
            <p>{t('reservation-page-complete.info-assign')}</p>
            {reservation.email ? <p>{t('reservation-page-complete.info-assign-email', reservation.email)}</p> : null}
          </div>
        )}
      </div>
      <div className="reservation-actions">
        <ResendEmailButton context={context} reservationId={reservationId} />
        {download ? (
          <a className="button button--secondary" href={download.href} download>
            {t(download.kind === 'invoice' ? 'reservation-page-complete.download-your-invoice' : 'reservation-page-complete.download-your-receipt')}
          </a>
        ) : null}
      </div>
      <TicketsByCategory
        categories={reservation.ticketsByCategory}
        headingId="reservation-tickets"
        eventShortName={eventShortName}
        eventFormat={event.format}
        actions={!finalizing}
        onReleased={onReleased}
      />
      <OrderSummary summary={reservation.orderSummary} currency={event.currency} vatIncluded={event.vatIncluded} headingId="reservation-order" />
      <p className="reservation-status__id">{t('reservation-page-error-status.your-reservation-identifier', reservation.shortId.toUpperCase())}</p>
      {hideButtons ? null : <EventLinks context={context} websiteUrl={event.websiteUrl} />}
    </article>
  );
}
