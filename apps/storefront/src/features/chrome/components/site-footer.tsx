import { useTranslate } from '../../i18n';

interface Props {
  readonly termsUrl: string | null | undefined;
  readonly privacyUrl: string | null | undefined;
}

/** Terms and privacy links when configured (spec 2, Home); nothing otherwise. */
export function SiteFooter({ termsUrl, privacyUrl }: Props) {
  const t = useTranslate();
  if (!termsUrl && !privacyUrl) return null;
  return (
    <footer className="site-footer">
      <nav aria-label={t('storefront.footer.label')}>
        <ul className="site-footer__links">
          {termsUrl ? (
            <li>
              <a href={termsUrl} target="_blank" rel="noopener noreferrer">
                {t('reservation-page.tc.link.text')}
              </a>
            </li>
          ) : null}
          {privacyUrl ? (
            <li>
              <a href={privacyUrl} target="_blank" rel="noopener noreferrer">
                {t('reservation-page.privacy.link.text')}
              </a>
            </li>
          ) : null}
        </ul>
      </nav>
    </footer>
  );
}
