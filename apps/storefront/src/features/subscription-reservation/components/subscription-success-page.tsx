import { useQuery } from '@tanstack/react-query';
import { successData } from '@ticketing/api-client';
import { eventsQueryOptions, useSubscriptionSuspense } from '../../../api/catalog-queries';
import type { PurchaseContextRef } from '../../../app/purchase-context';
import { EventCard } from '../../../components/event-card';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { StepIndicator } from '../../booking';
import { useLocalized, useTranslate } from '../../i18n';
import { EventLinks } from '../../reservation-status/components/event-links';
import { OrderSummary } from '../../reservation-status/components/order-summary';
import { ResendEmailButton } from '../../reservation-status/components/resend-email-button';
import { useReservation } from '../../reservation-status/hooks/use-reservation';
import { invoiceDownload } from '../../reservation-status/invoice-download';
import { isEmbedded } from '../../embedding';
import { pinShown, usageTexts } from '../subscription-info';
import { CopyCode } from './copy-code';
import { SubscriptionCard } from './pass-card';
import '../../reservation-status/reservation-status.css';
import '../subscription-reservation.css';

/**
 * A pass's step 4 (spec 2, Subscription success page): the confirmation (while FINALIZING its notice, and the page
 * polls), resend e-mail, the invoice or receipt by the rule of spec 6, the pass with its owner and fields, its usage,
 * the PIN (spec 6: once finalized, unless the descriptor hides it) and the id with their copy buttons, the events it
 * can be used for (asked only once finalized and outside an embedding host), and the ways on: all events for the
 * pass, home.
 */
export function SubscriptionSuccessPage({ context, reservationId }: { context: PurchaseContextRef; reservationId: string }) {
  const t = useTranslate();
  const localize = useLocalized();
  const descriptor = useSubscriptionSuspense(context.id);
  const reservation = useReservation(reservationId, ['FINALIZING']);
  const title = localize(descriptor.title, descriptor.contentLanguages);
  // a pass's step 4 is named after the pass ('Your tickets for ...' is the event's)
  useDocumentTitle(`${t('breadcrumb.step4')} - ${title}`);
  const finalizing = reservation.status === 'FINALIZING';
  // spec 6: the PIN (and the compatible events) once the order is finalized, as the server says it is
  const finalized = reservation.metadata.finalized && !finalizing;
  const embedded = isEmbedded(descriptor.embeddingConfiguration);
  const pass = reservation.subscriptionInfos?.[0] ?? null;
  // The issued pass's own id, once there is one: the events it was sold for are listed by it, and the links carry it
  // to the booking step, which applies it (spec 4); the descriptor's id would find no pass to apply.
  const passId = finalized && pass?.id ? pass.id : context.id;
  const { data: events = [] } = useQuery({ ...eventsQueryOptions({ subscription: passId }), select: successData, enabled: finalized && !embedded });
  const download = finalizing ? null : invoiceDownload(reservation, context, descriptor.invoicingConfiguration.userCanDownloadReceiptOrInvoice);
  const hideButtons = embedded || reservation.metadata.hideConfirmationButtons;

  return (
    <article className="reservation-status">
      <StepIndicator current={4} free={reservation.orderSummary.free} />
      <h1>{title}</h1>
      <div role="status" className="reservation-status__live">
        {finalizing ? (
          <p className="notice notice--info">{t('reservation-page-complete.reservation.finalization-in-progress')}</p>
        ) : (
          <div className="notice notice--success reservation-status__confirmation">
            <p>{t('reservation-page-complete.info-subscription')}</p>
            {finalized && reservation.email ? <p>{t('reservation-page-complete.info-subscription-email', reservation.email)}</p> : null}
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
      {pass ? (
        <SubscriptionCard title={title} pass={pass} contentLanguages={descriptor.contentLanguages}>
          {usageTexts(t, pass.usageDetails).map((text) => (
            <p key={text} className="subscription-card__usage">
              {text}
            </p>
          ))}
          {finalized && pass.pin && pinShown(pass.configuration) ? (
            <CopyCode
              label={t('reservation-page-complete.subscription.pin')}
              code={pass.pin}
              description={t('reservation-page-complete.subscription.pin-description')}
              copyLabel={t('reservation-page-complete.subscription.copy-pin')}
            />
          ) : null}
          {finalized && pass.id ? (
            <CopyCode
              label={t('reservation-page-complete.subscription.id')}
              code={pass.id}
              description={t('reservation-page-complete.subscription.id-description')}
              copyLabel={t('reservation-page-complete.subscription.copy-id')}
            />
          ) : null}
        </SubscriptionCard>
      ) : null}
      {events.length ? (
        <section className="reservation-section" aria-labelledby="subscription-events">
          <h2 id="subscription-events">{t('reservation-page-complete.subscription.buy-tickets')}</h2>
          <ul className="card-grid">
            {events.map((event) => (
              <li key={event.shortName}>
                <EventCard event={event} headingLevel={3} search={{ subscription: passId }} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <OrderSummary summary={reservation.orderSummary} currency={descriptor.currency} vatIncluded={descriptor.vatIncluded} headingId="reservation-order" />
      <p className="reservation-status__id">{t('reservation-page-error-status.your-reservation-identifier', reservation.shortId.toUpperCase())}</p>
      {hideButtons ? null : <EventLinks context={context} websiteUrl={descriptor.websiteUrl} passId={passId} />}
    </article>
  );
}
