import { type ErrorComponentProps, Link } from '@tanstack/react-router';
import { noticeOf } from '../../../app/page-notice';
import { useTranslate } from '../../i18n';

/**
 * What a page shows when its data could not be loaded (a server or network failure, not a 404): the server error, or
 * what the loader that failed said about it (withNotice): a reservation that could not be loaded (spec 8), another
 * account's order (reference 3.3, auth/owned-reservation.ts).
 */
export function ErrorNotice({ error }: Partial<ErrorComponentProps>) {
  const t = useTranslate();
  const notice = noticeOf(error);
  return (
    <div className="error-notice" role="alert">
      <h1>{t(notice?.title ?? 'server-error')}</h1>
      {notice?.text ? <p>{t(notice.text)}</p> : null}
      <Link to="/">{t('to-home')}</Link>
    </div>
  );
}
