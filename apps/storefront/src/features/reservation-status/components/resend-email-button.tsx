import type { PurchaseContextRef } from '../../../app/purchase-context';
import { useTranslate } from '../../i18n';
import { useResendEmail } from '../hooks/use-resend-email';

/** Sends the reservation e-mail again; busy (and not clickable twice) while the call runs. */
export function ResendEmailButton({ context, reservationId }: { context: PurchaseContextRef; reservationId: string }) {
  const t = useTranslate();
  const { resend, pending } = useResendEmail(context, reservationId);
  return (
    <button type="button" className="button button--secondary" onClick={resend} disabled={pending} aria-busy={pending}>
      {t('reservation-page-complete.resend-reservation-email')}
    </button>
  );
}
