import { useMutation } from '@tanstack/react-query';
import { reSendReservationEmail } from '@ticketing/api-client';
import type { reSendReservationEmailResponse200 } from '@ticketing/api-client';
import type { PurchaseContextRef } from '../../../app/purchase-context';
import { useLanguage } from '../../i18n';
import { failureKey, useToast } from '../../toast';

/**
 * Resend the reservation e-mail (reference 3.3 item 22): `true` is a success toast (spec 8,
 * email.confirmation-email-sent); a rate limit says to wait (failureKey); `false` (no such reservation) or another failure
 * is the generic error toast.
 */
export function useResendEmail({ type, id }: PurchaseContextRef, reservationId: string) {
  const lang = useLanguage();
  const toast = useToast();
  const mutation = useMutation({
    mutationKey: ['reSendReservationEmail', type, id, reservationId],
    mutationFn: async () => ((await reSendReservationEmail(type, id, reservationId, { lang })) as reSendReservationEmailResponse200).data,
    onSuccess: (sent) => (sent ? toast.success('email.confirmation-email-sent') : toast.error('error.STEP_2_PAYMENT_REQUEST_CREATION')),
    onError: (error) => toast.error(failureKey(error)),
  });
  return { resend: () => mutation.mutate(), pending: mutation.isPending };
}
