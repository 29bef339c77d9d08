import { useMutation } from '@tanstack/react-query';
import { isApiError, subscribeToWaitingList, type subscribeToWaitingListResponse200 } from '@ticketing/api-client';
import type { ErrorMessage } from '../reservation-errors';
import { fieldErrorsOf } from '../reservation-errors';
import type { WaitingListErrors } from './waiting-list-rules';
import { WAITING_LIST_FIELDS, type WaitingListSubscription } from './waiting-list-rules';

export type WaitingListOutcome = 'complete' | 'error' | null;

/**
 * Spec 4: the form is shown until a request is submitted; then a complete or an error message. A 422 is not an
 * outcome: its field errors go back under the fields (spec 5 mapping), the rest above the form.
 */
export function useWaitingList(shortName: string) {
  const mutation = useMutation({
    mutationKey: ['subscribeToWaitingList', shortName],
    // customFetch throws on every answer but a 2xx: what comes back is the 200 (ValidatedResponse<boolean>)
    mutationFn: async (form: WaitingListSubscription) => ((await subscribeToWaitingList(shortName, form)) as subscribeToWaitingListResponse200).data,
  });

  const invalid = isApiError(mutation.error) && mutation.error.status === 422;
  const mapped = invalid ? fieldErrorsOf(mutation.error, WAITING_LIST_FIELDS) : null;
  let outcome: WaitingListOutcome = null;
  if (mutation.isSuccess) outcome = mutation.data.success && mutation.data.value === true ? 'complete' : 'error';
  else if (mutation.isError && !invalid) outcome = 'error';

  return {
    submit: (form: WaitingListSubscription) => mutation.mutate(form),
    pending: mutation.isPending,
    outcome,
    serverFieldErrors: (mapped?.fields ?? {}) as WaitingListErrors,
    serverErrors: (mapped?.global ?? []) as readonly ErrorMessage[],
  };
}
