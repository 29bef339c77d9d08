import { useTranslate } from '../../i18n';

export const MAIN_CONTENT_ID = 'main-content';

/** First focusable element of the page; visible only when focused. */
export function SkipLink() {
  const t = useTranslate();
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
      {t('storefront.skip-to-content')}
    </a>
  );
}
