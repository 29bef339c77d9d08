import { Link } from '@tanstack/react-router';
import { usePurchaseContextSuspense } from '../../../api/purchase-context-queries';
import type { PurchaseContextRef } from '../../../app/purchase-context';
import { purchaseContextHref } from '../../../app/purchase-context';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useTranslate } from '../../i18n';
import { MessageWith } from './message-with';
import '../reservation-status.css';

/** Spec 2: a reservation stuck in payment; the organizer's contact e-mail and the whole reservation id to quote. */
export function ErrorPage({ context, reservationId }: { context: PurchaseContextRef; reservationId: string }) {
  const t = useTranslate();
  const event = usePurchaseContextSuspense(context);
  useDocumentTitle(t('reservation-page-error-status.header.title'));
  const email = <a href={`mailto:${event.organizationEmail}`}>{event.organizationEmail}</a>;
  return (
    <article className="reservation-status">
      <h1>{t('reservation-page-error-status.header.title')}</h1>
      <div className="alert--danger">
        <h2 className="reservation-status__alert-title">{t('reservation-page-error-status.title')}</h2>
        <p>
          <MessageWith t={t} messageKey="reservation-page-error-status.contact-text" args={[email]} />
        </p>
        <p>
          <MessageWith
            t={t}
            messageKey="reservation-page-error-status.your-reservation-identifier"
            args={[
              <strong key="id" className="reservation-status__full-id">
                {reservationId}
              </strong>,
            ]}
          />
        </p>
      </div>
      <div className="reservation-actions">
        <Link to={purchaseContextHref(context)} className="button button--secondary">
          {t(context.type === 'event' ? 'reservation-page-not-found.go-back-to-event' : 'reservation-page-not-found.go-back-to-subscription')}
        </Link>
      </div>
    </article>
  );
}
