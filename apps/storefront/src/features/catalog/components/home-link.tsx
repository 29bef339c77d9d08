import { Link } from '@tanstack/react-router';
import type { CatalogSearch } from '../../../app/search-params';
import { useTranslate } from '../../i18n';

/** Back to the home page the list came from (the organizer's, when there is one). */
export function HomeLink({ organizerSlug, filters }: { organizerSlug?: string | undefined; filters: CatalogSearch }) {
  const t = useTranslate();
  return organizerSlug ? (
    <Link className="back-link" to="/o/$organizerSlug" params={{ organizerSlug }} search={filters}>
      {t('to-home')}
    </Link>
  ) : (
    <Link className="back-link" to="/" search={filters}>
      {t('to-home')}
    </Link>
  );
}
