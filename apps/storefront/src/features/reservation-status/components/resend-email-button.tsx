import type { PurchaseContextRef } from '../../../app/purchase-context';
import { useTranslate } from '../../i18n';
import { useResendEmail } from '../hooks/use-resend-email';

/**
 * Sends the reservation e-mail again; busy (and not clickable twice) while the call runs, through aria-disabled, not
 * the attribute: a disabled button drops the keyboard focus to the page (see ReserveButton).
 */
export function ResendEmailButton({ context, reservationId }: { context: PurchaseContextRef; reservationId: string }) {
  const t = useTranslate();
  const { resend, pending } = useResendEmail(context, reservationId);
  return (
    <button
      type="button"
      className="button button--secondary"
      onClick={() => {
        if (!pending) resend();
      }}
      aria-disabled={pending || undefined}
      aria-busy={pending || undefined}
    >
      {t('reservation-page-complete.resend-reservation-email')}
    </button>
  );
}
