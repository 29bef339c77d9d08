import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { getGetSubscriptionQueryKey } from '@ticketing/api-client';
import { useStore } from 'jotai';
import { useRef, useState } from 'react';
import { useInfo } from '../../../api/app-queries';
import { useLanguage } from '../../i18n';
import { useToast } from '../../toast';

const loadReserveCall = () => import('../reserve-subscription-call');
const GENERIC = 'reservation-page-error-status.header.title';

/**
 * The Continue button of the subscription page (spec 2, 4, 8): POST /subscription/{id} through the human
 * verification, then the booking step of the new reservation. In progress from the click until the booking step
 * shows, and a second submit meanwhile is ignored. A refusal is an error toast with its first validation error
 * code (sold out, no way to pay), any other failure the generic message; the availability is read again either way.
 */
export function useReserveSubscription(id: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const lang = useLanguage();
  const toast = useToast();
  const store = useStore();
  const { data: info } = useInfo();
  const running = useRef(false);
  const [busy, setBusy] = useState(false);

  const mutation = useMutation({
    mutationKey: ['reserveSubscription', id],
    mutationFn: async (): Promise<string> => (await loadReserveCall()).reserve({ store, info }, id, lang),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: getGetSubscriptionQueryKey(id) }),
  });

  const prepare = () => void loadReserveCall().catch(() => undefined);

  const submit = async (): Promise<void> => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      const reservationId = await mutation.mutateAsync();
      await navigate({ to: '/$type/$publicId/reservation/$reservationId/$page', params: { type: 'subscription', publicId: id, reservationId, page: 'book' } });
    } catch (error) {
      toast.error((error as { code?: string }).code ?? GENERIC);
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  return { submit, prepare, pending: busy };
}
