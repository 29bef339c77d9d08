import { useTranslate } from '../../i18n';
import { useResendEmail } from '../hooks/use-resend-email';

/** Sends the reservation e-mail again; busy (and not clickable twice) while the call runs. */
export function ResendEmailButton({ eventShortName, reservationId }: { eventShortName: string; reservationId: string }) {
  const t = useTranslate();
  const { resend, pending } = useResendEmail(eventShortName, reservationId);
  return (
    <button type="button" className="button button--secondary" onClick={resend} disabled={pending} aria-busy={pending}>
      {t('reservation-page-complete.resend-reservation-email')}
    </button>
  );
}
