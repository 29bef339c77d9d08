import { useAtom } from 'jotai';
import { useTranslate } from '../../i18n';
import { devBannerDismissedAtom } from '../atoms';

interface Props {
  readonly devModeEnabled: boolean;
  readonly prodModeEnabled: boolean;
  /** Whether the page came over https: (the caller reads location.protocol). */
  readonly secure: boolean;
}

/** Warnings about how the site is run: development mode, and production without https. */
export function EnvironmentBanners({ devModeEnabled, prodModeEnabled, secure }: Props) {
  const t = useTranslate();
  const [devDismissed, setDevDismissed] = useAtom(devBannerDismissedAtom);
  return (
    <>
      {devModeEnabled && !devDismissed ? (
        <div className="banner banner--info">
          <p className="banner__content">{t('storefront.dev-mode.banner')}</p>
          <button type="button" className="icon-button" onClick={() => setDevDismissed(true)} aria-label={t('storefront.dev-mode.dismiss')}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ) : null}
      {prodModeEnabled && !secure ? (
        <div className="banner banner--danger">
          <p className="banner__content">{t('storefront.insecure.banner')}</p>
        </div>
      ) : null}
    </>
  );
}
