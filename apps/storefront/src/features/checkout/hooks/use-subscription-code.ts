import { useMutation } from '@tanstack/react-query';
import { applyCode, getApplyCodeMutationOptions, getRemoveCodeMutationOptions, removeCode } from '@ticketing/api-client';
import type { FieldError } from '../../booking';
import { mapServerErrors } from '../../booking';
import { refusalOf, UNEXPECTED_ERROR, validationErrorsOf } from '../model/checkout-errors';
import { useReservationRefresh } from './use-reservation-refresh';

/**
 * What apply-code answered (reference item 28): applied; refused with the reason (under the code field, the entered
 * code as argument 0); or nothing to apply (already applied, no ticket the pass can pay for), which is no error.
 */
export type SubscriptionCodeOutcome =
  | { readonly kind: 'applied' }
  | { readonly kind: 'refused'; readonly error: FieldError }
  | { readonly kind: 'not-applicable' };

/** One refusal's message: the server's first reason, else the unexpected error. */
const firstReason = (errors: Parameters<typeof mapServerErrors>[0]): FieldError => {
  const { fields, global } = mapServerErrors(errors);
  return global[0] ?? Object.values(fields)[0] ?? { code: UNEXPECTED_ERROR, args: [] };
};

/**
 * Spec 4 and 7: a pass pays for one ticket of a pending event order (apply-code with amount 1, by the pass's id or
 * PIN), or is taken off again (remove-code). Either way the reservation's cached views are refetched (by their
 * generated keys) before the outcome is answered, so the summary shows the APPLIED_SUBSCRIPTION row and the new
 * total as soon as the caller goes on. Never throws. The code goes with the buyer's contact e-mail (spec 7): with a
 * PIN the server finds only a pass that e-mail owns; an id finds its pass whoever the buyer is.
 */
export function useSubscriptionCode(reservationId: string, email: string | null) {
  const { refresh } = useReservationRefresh(reservationId);
  const applying = useMutation({
    mutationKey: getApplyCodeMutationOptions().mutationKey,
    mutationFn: async (code: string): Promise<SubscriptionCodeOutcome> => {
      let outcome: SubscriptionCodeOutcome;
      try {
        const { data } = await applyCode(reservationId, { code, email: email || null, amount: 1, type: 'SUBSCRIPTION' });
        const errors = validationErrorsOf(data);
        if (errors.length > 0) outcome = { kind: 'refused', error: firstReason(errors) };
        else outcome = (data as { value?: unknown }).value === true ? { kind: 'applied' } : { kind: 'not-applicable' };
      } catch (error) {
        // a 422 (a code longer than the form allows) or a 429 (too many guesses) carries its reason; a 5xx does not
        outcome = { kind: 'refused', error: firstReason(refusalOf(error)) };
      }
      if (outcome.kind === 'applied') await refresh();
      return outcome;
    },
  });
  const removing = useMutation({
    mutationKey: getRemoveCodeMutationOptions().mutationKey,
    mutationFn: async (): Promise<boolean> => {
      try {
        await removeCode(reservationId, { type: 'SUBSCRIPTION' });
      } catch {
        return false;
      }
      await refresh();
      return true;
    },
  });
  return {
    apply: applying.mutateAsync,
    remove: removing.mutateAsync,
    pending: applying.isPending || removing.isPending,
  };
}
