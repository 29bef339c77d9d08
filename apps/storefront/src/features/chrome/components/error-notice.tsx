import { Link } from '@tanstack/react-router';
import { useTranslate } from '../../i18n';

/** What a page shows when its data could not be loaded (a server or network failure, not a 404). */
export function ErrorNotice() {
  const t = useTranslate();
  return (
    <div className="error-notice" role="alert">
      <h1>{t('server-error')}</h1>
      <Link to="/">{t('to-home')}</Link>
    </div>
  );
}
