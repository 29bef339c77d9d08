import { useAtom } from 'jotai';
import { useTranslate, type Translate } from '../../i18n';
import { devBannerDismissedAtom } from '../atoms';

interface Props {
  readonly devModeEnabled: boolean;
  readonly prodModeEnabled: boolean;
  /** Whether the page came over https: (the caller reads location.protocol). */
  readonly secure: boolean;
}

/** English texts of the banners' keys for a bundle that lacks them: here, in the banners' own chunk, not in the shell's table. */
const FALLBACK = {
  'storefront.dev-mode.banner': 'This site is running in development mode.',
  'storefront.dev-mode.dismiss': 'Dismiss development mode notice',
  'storefront.insecure.banner': 'This site runs in production mode without HTTPS. This is not a recommended configuration.',
};

const text = (t: Translate, key: keyof typeof FALLBACK): string => {
  const found = t(key);
  return found === key ? FALLBACK[key] : found;
};

/** Warnings about how the site is run: development mode, and production without https. */
export function EnvironmentBanners({ devModeEnabled, prodModeEnabled, secure }: Props) {
  const t = useTranslate();
  const [devDismissed, setDevDismissed] = useAtom(devBannerDismissedAtom);
  return (
    <>
      {devModeEnabled && !devDismissed ? (
        <div className="banner banner--info">
          <p className="banner__content">{text(t, 'storefront.dev-mode.banner')}</p>
          <button type="button" className="icon-button" onClick={() => setDevDismissed(true)} aria-label={text(t, 'storefront.dev-mode.dismiss')}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ) : null}
      {prodModeEnabled && !secure ? (
        <div className="banner banner--danger">
          <p className="banner__content">{text(t, 'storefront.insecure.banner')}</p>
        </div>
      ) : null}
    </>
  );
}
