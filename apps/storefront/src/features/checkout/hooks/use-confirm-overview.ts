import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { confirmOverview, getConfirmOverviewMutationOptions, isApiError } from '@ticketing/api-client';
import type { PaymentForm } from '@ticketing/api-client';
import { useState } from 'react';
import { reservationStatusQueryOptions } from '../../../api/reservation-queries';
import type { PurchaseContextRef } from '../../../app/purchase-context';
import { reservationPageHref } from '../../../app/purchase-context';
import type { FieldError } from '../../booking';
import { mapServerErrors } from '../../booking';
import { useLanguage } from '../../i18n';
import { useToast } from '../../toast';
import { refusalOf, UNEXPECTED_ERROR } from '../model/checkout-errors';
import { pageAfterConfirm } from '../model/overview-rules';
import { leaveFor } from './use-leave-warning';
import { useReservationRefresh } from './use-reservation-refresh';

/**
 * Spec 4, confirm: POST the overview form; a redirect answer leaves for the provider, any other success goes to
 * the page of the reservation's new status (COMPLETE: success, OFFLINE_PAYMENT: waiting-payment, a provider still
 * confirming: processing-payment). A refusal re-enables the form and shows the server's errors (all global: they
 * are under `paymentForm`); a 404 (the reservation is gone) goes to the page its status asks for.
 */
export function useConfirmOverview(context: PurchaseContextRef, reservationId: string) {
  const lang = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const { refresh, forget } = useReservationRefresh(reservationId);
  const router = useRouter();
  const [errors, setErrors] = useState<readonly FieldError[]>([]);
  const mutation = useMutation({
    mutationKey: getConfirmOverviewMutationOptions().mutationKey,
    mutationFn: (form: PaymentForm) => confirmOverview(reservationId, form, { lang }),
  });

  const confirm = async (form: PaymentForm): Promise<boolean> => {
    setErrors([]);
    let redirectUrl: string | null = null;
    try {
      const { data } = await mutation.mutateAsync(form);
      const value = (data as { value?: { redirect?: boolean; redirectUrl?: string | null } | null }).value;
      if (value?.redirect && value.redirectUrl) redirectUrl = value.redirectUrl;
    } catch (error) {
      // spec 4: a reservation no longer pending (cancelled in another tab, expired) goes where its status says
      if (isApiError(error) && error.status === 404) {
        forget();
        await router.invalidate();
        return true;
      }
      const refusal = refusalOf(error);
      const global = mapServerErrors(refusal).global;
      setErrors(global);
      if (global.some((e) => e.code === UNEXPECTED_ERROR)) toast.error(UNEXPECTED_ERROR);
      return false;
    }
    if (redirectUrl) {
      leaveFor(redirectUrl);
      return true;
    }
    await refresh();
    const status = await queryClient.fetchQuery(reservationStatusQueryOptions(reservationId)).then(
      (answer) => answer.data.status,
      () => 'COMPLETE' as const,
    );
    await navigate({ href: reservationPageHref(context, reservationId, pageAfterConfirm(status)) });
    return true;
  };

  return { confirm, pending: mutation.isPending, errors };
}
