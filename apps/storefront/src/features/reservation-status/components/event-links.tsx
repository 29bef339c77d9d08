import { Link } from '@tanstack/react-router';
import type { PurchaseContextRef } from '../../../app/purchase-context';
import { ExternalLink } from '../../../components/external-link';
import { useTranslate } from '../../i18n';

/**
 * The ways on after an order. An event's: 'buy other tickets' (the event page) and 'to the event site'. A pass's:
 * all events (those it can be used for, spec 2) and home.
 */
export function EventLinks({ context, websiteUrl, passId }: { context: PurchaseContextRef; websiteUrl: string | null; passId?: string }) {
  const t = useTranslate();
  if (context.type === 'subscription') {
    return (
      <div className="reservation-actions">
        <Link to="/events-all" search={{ subscription: passId ?? context.id }} className="button button--secondary">
          {t('reservation-page-complete.all-events')}
        </Link>
        <Link to="/" className="button button--secondary">
          {t('to-home')}
        </Link>
      </div>
    );
  }
  return (
    <div className="reservation-actions">
      <Link to="/event/$eventShortName" params={{ eventShortName: context.id }} activeOptions={{ exact: true }} className="button button--secondary">
        {t('buy-other-tickets')}
      </Link>
      {websiteUrl ? (
        <ExternalLink href={websiteUrl} className="button button--secondary">
          {t('to-event-site')}
        </ExternalLink>
      ) : null}
    </div>
  );
}
