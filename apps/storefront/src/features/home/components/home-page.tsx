import { useEffect } from 'react';
import { useTranslate } from '../../i18n';

/**
 * Home for all organizers or for one (`organizerSlug`). The event and subscription lists come in a later
 * issue; until then the page shows its heading and introduction only.
 */
export function HomePage({ organizerSlug }: { organizerSlug?: string }) {
  const t = useTranslate();
  const title = t('event-list.header.title');
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <section className="home" aria-labelledby="home-title" data-organizer={organizerSlug}>
      <h1 id="home-title">{title}</h1>
      <p className="lead">{t('storefront.home.intro')}</p>
    </section>
  );
}
