import { useAtom } from 'jotai';
import { useMemo } from 'react';
import { useTranslate } from '../../i18n';
import { announcementDismissedAtom } from '../atoms';
import { sanitizeHtml } from '../sanitize-html';

/** The system announcement (info.announcementBannerContentHTML), until the visitor dismisses it. */
export function AnnouncementBanner({ html }: { html: string | null | undefined }) {
  const t = useTranslate();
  const [dismissed, setDismissed] = useAtom(announcementDismissedAtom);
  const safeHtml = useMemo(() => (html ? sanitizeHtml(html) : ''), [html]);
  if (!safeHtml.trim() || dismissed) return null;

  return (
    <section className="banner banner--announcement" aria-label={t('storefront.announcement')}>
      <div className="banner__content rich-text" dangerouslySetInnerHTML={{ __html: safeHtml }} />
      <button type="button" className="icon-button" onClick={() => setDismissed(true)} aria-label={t('storefront.announcement.dismiss')}>
        <span aria-hidden="true">×</span>
      </button>
    </section>
  );
}
