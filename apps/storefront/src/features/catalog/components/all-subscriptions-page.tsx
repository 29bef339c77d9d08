import { useSubscriptionsSuspense } from '../../../api/catalog-queries';
import type { CatalogSearch } from '../../../app/search-params';
import { SubscriptionCard } from '../../../components/subscription-card';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useTranslate } from '../../i18n';
import { CardGrid } from './card-grid';
import { HomeLink } from './home-link';

/** Every subscription (of one organizer, when `organizerSlug`), or the 'no subscriptions' notice. */
export function AllSubscriptionsPage({ organizerSlug, filters }: { organizerSlug?: string; filters: CatalogSearch }) {
  const t = useTranslate();
  const subscriptions = useSubscriptionsSuspense({ ...filters, ...(organizerSlug ? { organizerSlug } : {}) });
  const title = t('subscription.all-subscriptions');
  useDocumentTitle(title);
  return (
    <div className="catalog">
      <h1>{title}</h1>
      {subscriptions.length ? (
        <CardGrid>{subscriptions.map((s) => <SubscriptionCard key={s.id} subscription={s} headingLevel={2} />)}</CardGrid>
      ) : (
        <p className="notice">{t('subscription.no-subscriptions')}</p>
      )}
      <HomeLink organizerSlug={organizerSlug} filters={filters} />
    </div>
  );
}
