import { useMutation } from '@tanstack/react-query';
import { getSendTicketByEmailMutationOptions, sendTicketByEmail } from '@ticketing/api-client';
import { useLanguage } from '../../i18n';
import { failureKey, useToast } from '../../toast';

/**
 * Sends the ticket to its holder (reference 36), the e-mail in the current language: `true` is the success toast of
 * spec 8 (email.ticket-email-sent), or `onSent` for a page that says so itself; a rate limit says to wait (failureKey),
 * anything else is the unexpected error.
 */
export function useSendTicket(eventShortName: string, ticketId: string, onSent?: () => void) {
  const lang = useLanguage();
  const toast = useToast();
  const mutation = useMutation({
    mutationKey: [...getSendTicketByEmailMutationOptions().mutationKey!, eventShortName, ticketId],
    mutationFn: async () => (await sendTicketByEmail(eventShortName, ticketId, { lang })).data === true,
    onSuccess: (sent) => (!sent ? toast.error('error.STEP_2_PAYMENT_REQUEST_CREATION') : onSent ? onSent() : toast.success('email.ticket-email-sent')),
    onError: (error) => toast.error(failureKey(error)),
  });
  return { send: () => mutation.mutate(), pending: mutation.isPending };
}
