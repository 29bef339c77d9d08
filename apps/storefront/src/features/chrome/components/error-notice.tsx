import { Link, useRouterState } from '@tanstack/react-router';
import { useTranslate } from '../../i18n';
import { reservationPageOf } from '../../../app/reservation-page';

/** Spec 8: a reservation that could not be loaded (a 5xx, no answer) shows the unexpected error. */
const RESERVATION_LOAD_FAILED = 'error.STEP_2_PAYMENT_REQUEST_CREATION';

/**
 * What a page shows when its data could not be loaded (a server or network failure, not a 404): on a reservation's
 * pages the unexpected error of spec 8, elsewhere the server error.
 */
export function ErrorNotice() {
  const t = useTranslate();
  const onReservation = useRouterState({ select: (s) => reservationPageOf(s.location.pathname) !== undefined });
  return (
    <div className="error-notice" role="alert">
      <h1>{t(onReservation ? RESERVATION_LOAD_FAILED : 'server-error')}</h1>
      <Link to="/">{t('to-home')}</Link>
    </div>
  );
}
