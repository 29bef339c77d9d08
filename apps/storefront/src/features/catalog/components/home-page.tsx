import { Link } from '@tanstack/react-router';
import { useEventsSuspense, useSubscriptionsSuspense } from '../../../api/catalog-queries';
import type { CatalogSearch } from '../../../app/search-params';
import { EventCard } from '../../../components/event-card';
import { SubscriptionCard } from '../../../components/subscription-card';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useTranslate } from '../../i18n';
import { homeView } from '../catalog-view';
import { CardGrid } from './card-grid';

interface Props {
  readonly organizerSlug?: string;
  readonly filters: CatalogSearch;
}

/** Home for all organizers or one: up to 4 events and 4 subscriptions, each with 'view all' when there are more. */
export function HomePage({ organizerSlug, filters }: Props) {
  const t = useTranslate();
  const params = { ...filters, ...(organizerSlug ? { organizerSlug } : {}) };
  const view = homeView(useEventsSuspense(params), useSubscriptionsSuspense(params));
  const title = t('event-list.header.title');
  useDocumentTitle(title);

  return (
    <div className="catalog">
      <h1>{title}</h1>
      <p className="lead">{t('storefront.home.intro')}</p>
      {view.empty ? <p className="notice">{t('event-list.no-events')}</p> : null}
      {view.events.length ? (
        <section className="catalog__section" aria-labelledby="home-events">
          <h2 id="home-events">{t('event-list.title')}</h2>
          <CardGrid>{view.events.map((e) => <EventCard key={e.shortName} event={e} headingLevel={3} search={filters} />)}</CardGrid>
          {view.moreEvents ? (
            organizerSlug ? (
              <Link className="button button--secondary" to="/o/$organizerSlug/events-all" params={{ organizerSlug }} search={filters}>
                {t('home.view.all.events')}
              </Link>
            ) : (
              <Link className="button button--secondary" to="/events-all" search={filters}>
                {t('home.view.all.events')}
              </Link>
            )
          ) : null}
        </section>
      ) : null}
      {view.subscriptions.length ? (
        <section className="catalog__section" aria-labelledby="home-subscriptions">
          <h2 id="home-subscriptions">{t('subscription.title')}</h2>
          <CardGrid>{view.subscriptions.map((s) => <SubscriptionCard key={s.id} subscription={s} headingLevel={3} />)}</CardGrid>
          {view.moreSubscriptions ? (
            organizerSlug ? (
              <Link className="button button--secondary" to="/o/$organizerSlug/subscriptions-all" params={{ organizerSlug }} search={filters}>
                {t('home.view.all.subscriptions')}
              </Link>
            ) : (
              <Link className="button button--secondary" to="/subscriptions-all" search={filters}>
                {t('home.view.all.subscriptions')}
              </Link>
            )
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
