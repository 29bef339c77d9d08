import { useMutation } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { getValidateToOverviewMutationOptions, isApiError, validateToOverview } from '@ticketing/api-client';
import type { ContactAndTicketsForm } from '@ticketing/api-client';
import type { BookingFormValues, FieldError, ServerValidationError } from '../../booking';
import { bookingFormForSubmit } from '../../booking';
import { useLanguage } from '../../i18n';
import { useToast } from '../../toast';
import { refusalOf, UNEXPECTED_ERROR, validationErrorsOf, warningsOf } from '../model/checkout-errors';
import { useReservationRefresh } from './use-reservation-refresh';

/** What validate-to-overview answered (reference item 20). */
export type ValidationOutcome =
  | { readonly kind: 'validated' }
  /** 200 with warnings, not ignored: the reservation is not validated yet (the warning modal decides). */
  | { readonly kind: 'warnings'; readonly warnings: readonly FieldError[] }
  | { readonly kind: 'refused'; readonly errors: readonly ServerValidationError[] }
  /** 404: the reservation is no longer pending; the page its status asks for is on its way. */
  | { readonly kind: 'gone' };

/**
 * Spec 4, booking submit: the form as sent (an invoice without company details sends no company or VAT number),
 * in the current language; `ignoreWarnings` resends after the buyer chose 'proceed'. Never throws: a refusal is
 * an outcome with the server's errors, a reservation gone the page of its status, a failure the unexpected error
 * (spec 8: also shown as a toast).
 */
export function useValidateToOverview(reservationId: string) {
  const lang = useLanguage();
  const toast = useToast();
  const router = useRouter();
  const { forget } = useReservationRefresh(reservationId);
  const mutation = useMutation({
    mutationKey: getValidateToOverviewMutationOptions().mutationKey,
    mutationFn: async ({ values, ignoreWarnings }: { values: BookingFormValues; ignoreWarnings: boolean }): Promise<ValidationOutcome> => {
      try {
        // the generated model differs only in its arrays being mutable
        const body = bookingFormForSubmit(values) as ContactAndTicketsForm;
        const { data } = await validateToOverview(reservationId, body, { lang, ignoreWarnings: ignoreWarnings ? 'true' : 'false' });
        const warnings = warningsOf(data);
        if (!ignoreWarnings && warnings.length > 0) return { kind: 'warnings', warnings };
        if ((data as { success?: unknown }).success === false) return { kind: 'refused', errors: validationErrorsOf(data) };
        return { kind: 'validated' };
      } catch (error) {
        if (isApiError(error) && error.status === 404) {
          // no longer pending: the page's guard, run again on what the server says now, goes where the status asks
          forget();
          await router.invalidate();
          return { kind: 'gone' };
        }
        const errors = refusalOf(error);
        if (errors.some((e) => e.code === UNEXPECTED_ERROR)) toast.error(UNEXPECTED_ERROR);
        return { kind: 'refused', errors };
      }
    },
  });
  return { validate: mutation.mutateAsync, pending: mutation.isPending };
}
