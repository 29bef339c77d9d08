import type { MouseEvent } from 'react';
import { useTranslate } from '../../i18n';
import '../booking.css';

/**
 * Spec 2, Booking step: authentication enabled and the visitor anonymous, a suggestion to log in and a link to the
 * login, under the contact section's heading (its `login` slot). `onLogin` prepares the login before the link is
 * followed (it may prevent it). A file of its own: only the booking step's login part (a chunk loaded on demand) shows it.
 */
export function LoginSuggestion({ href, onLogin }: { readonly href: string; readonly onLogin?: (event: MouseEvent<HTMLAnchorElement>) => void }) {
  const t = useTranslate();
  return (
    <div className="notice notice--info booking-login">
      <p>{t('reservation-page.login.message')}</p>
      <a className="button button--secondary button--small" href={href} onClick={onLogin}>
        {t('reservation-page.login.button')}
      </a>
    </div>
  );
}
