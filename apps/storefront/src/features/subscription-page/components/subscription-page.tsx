import { useQuery } from '@tanstack/react-query';
import { successData } from '@ticketing/api-client';
import { eventsQueryOptions, fileUrl, useSubscriptionSuspense } from '../../../api/catalog-queries';
import { EventCard } from '../../../components/event-card';
import { ExternalLink } from '../../../components/external-link';
import { Price, vatText } from '../../../components/price';
import { RichText } from '../../../components/rich-text';
import { subscriptionValidityText } from '../../../components/subscription-validity';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useLocalized, useTranslate } from '../../i18n';
import { useReserveSubscription } from '../../subscription-reservation/hooks/use-reserve-subscription';

/**
 * The subscription page of spec 2: title, description, and a summary (price and tax, validity, entries, sale
 * period, availability), the organizer, and the events it can be used for when there are any. Continue (while
 * passes are left) reserves one and goes to the booking step; sold out, a warning says so instead.
 */
export function SubscriptionPage({ id }: { id: string }) {
  const t = useTranslate();
  const localize = useLocalized();
  const s = useSubscriptionSuspense(id);
  const { data: events = [] } = useQuery({ ...eventsQueryOptions({ subscription: id }), select: successData });
  const title = localize(s.title, s.contentLanguages);
  useDocumentTitle(t('show-subscription.header.title', title));
  const from = s.formattedOnSaleFrom ? localize(s.formattedOnSaleFrom, s.contentLanguages) : '';
  const to = s.formattedOnSaleTo ? localize(s.formattedOnSaleTo, s.contentLanguages) : '';
  const reserve = useReserveSubscription(id);

  return (
    <div className="event-page subscription-page">
      <header className="event-header">
        {s.fileBlobId ? (
          <img className="event-header__image" src={fileUrl(s.fileBlobId)} alt={t('a11y.subscription-image', title)} width={16} height={9} fetchPriority="high" />
        ) : null}
        <h1 className="event-header__title">{title}</h1>
        <p className="event-header__organizer">{t('event.organized-by', s.organizationName)}</p>
      </header>
      <aside className="event-facts subscription-summary" aria-labelledby="subscription-summary-title">
        <h2 id="subscription-summary-title">{t('subscription.detail.info')}</h2>
        <dl>
          <div>
            <dt>{t('common.price')}</dt>
            <dd>
              <Price free={s.free} amount={s.formattedPrice} currency={s.currency} />
              {!s.free && Number(s.vat) > 0 ? <span className="subscription-summary__tax"> {vatText(t, s.vat, s.vatIncluded)}</span> : null}
            </dd>
          </div>
          <div>
            <dt>{t('storefront.subscription.validity')}</dt>
            <dd>{subscriptionValidityText(t, localize, { ...s, maxEntries: s.maxEntries ?? 0 })}</dd>
          </div>
          <div>
            <dt>{t('storefront.subscription.entries')}</dt>
            <dd>{s.maxEntries ? t('subscription.detail.max-entries', s.maxEntries) : t('subscription.detail.unlimited-entries')}</dd>
          </div>
          {from || to ? (
            <div>
              <dt>{t('storefront.subscription.sale-period')}</dt>
              <dd>{from && to ? `${from} – ${to}` : to ? t('subscription.detail.on-sale-until', to) : from}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('common.organizer')}</dt>
            <dd>
              <p>{s.organizationName}</p>
              {s.organizationEmail ? (
                <p>
                  <a href={`mailto:${s.organizationEmail}`}>{s.organizationEmail}</a>
                </p>
              ) : null}
            </dd>
          </div>
        </dl>
        {s.numAvailable > 0 ? (
          <form
            className="subscription-summary__reserve"
            onSubmit={(e) => {
              e.preventDefault();
              void reserve.submit();
            }}
          >
            {/* aria-disabled, not disabled, while reserving: the focus stays on the button (see ReserveButton) */}
            <button
              type="submit"
              className="button button--block button--large"
              aria-disabled={reserve.pending || undefined}
              aria-busy={reserve.pending || undefined}
              onFocus={reserve.prepare}
              onPointerEnter={reserve.prepare}
            >
              {reserve.pending ? <span className="spinner" aria-hidden="true" /> : null}
              {reserve.pending ? t('subscription.detail.buy.in-progress') : t('show-event.continue')}
            </button>
          </form>
        ) : (
          <p className="notice notice--warning" role="status">
            {t('show-subscription.sold-out.message')}
          </p>
        )}
        {s.websiteUrl ? (
          <ExternalLink className="button button--secondary button--block" href={s.websiteUrl}>
            {t('common.back-to-organizer')}
          </ExternalLink>
        ) : null}
      </aside>
      <div className="event-page__content">
        <RichText className="event-section" html={localize(s.description, s.contentLanguages)} headingsUnder={1} />
        {events.length ? (
          <section className="event-section" aria-labelledby="subscription-events-title">
            <h2 id="subscription-events-title">{t('storefront.subscription.compatible-events')}</h2>
            <ul className="card-grid">
              {events.map((e) => (
                <li key={e.shortName}>
                  <EventCard event={e} headingLevel={3} search={{ subscription: id }} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </div>
  );
}
