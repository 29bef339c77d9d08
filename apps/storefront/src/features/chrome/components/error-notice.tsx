import { type ErrorComponentProps, Link } from '@tanstack/react-router';
import { isApiError } from '@ticketing/api-client';
import { useTranslate } from '../../i18n';

/**
 * What a page shows when its data could not be loaded (a server or network failure, not a 404). A 401 is a
 * reservation made by another account (reference 3.3): its loader sent a visitor who is not signed in to the login
 * already, so whoever sees this is signed in as someone else (or the site's login is off): it says so.
 */
export function ErrorNotice({ error }: Partial<ErrorComponentProps>) {
  const t = useTranslate();
  const otherAccount = isApiError(error) && error.status === 401;
  return (
    <div className="error-notice" role="alert">
      <h1>{t(otherAccount ? 'storefront.reservation.other-account.title' : 'server-error')}</h1>
      {otherAccount ? <p>{t('storefront.reservation.other-account.text')}</p> : null}
      <Link to="/">{t('to-home')}</Link>
    </div>
  );
}
