import { type ErrorComponentProps, Link, useRouterState } from '@tanstack/react-router';
import { isApiError } from '@ticketing/api-client';
import { useTranslate } from '../../i18n';
import { reservationPageOf } from '../../../app/reservation-page';

/** Spec 8: a reservation that could not be loaded (a 5xx, no answer) shows the unexpected error. */
const RESERVATION_LOAD_FAILED = 'error.STEP_2_PAYMENT_REQUEST_CREATION';

/**
 * What a page shows when its data could not be loaded (a server or network failure, not a 404): on a reservation's
 * pages the unexpected error of spec 8, elsewhere the server error. A 401 is a reservation made by another account
 * (reference 3.3): its loader sent a visitor who is not signed in to the login already, so whoever sees this is
 * signed in as someone else (or the site's login is off): it says so.
 */
export function ErrorNotice({ error }: Partial<ErrorComponentProps>) {
  const t = useTranslate();
  const onReservation = useRouterState({ select: (s) => reservationPageOf(s.location.pathname) !== undefined });
  const otherAccount = isApiError(error) && error.status === 401;
  const title = otherAccount ? 'storefront.reservation.other-account.title' : onReservation ? RESERVATION_LOAD_FAILED : 'server-error';
  return (
    <div className="error-notice" role="alert">
      <h1>{t(title)}</h1>
      {otherAccount ? <p>{t('storefront.reservation.other-account.text')}</p> : null}
      <Link to="/">{t('to-home')}</Link>
    </div>
  );
}
