import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getGetTicketFullQueryKey, getGetTicketInfoQueryKey, getUpdateTicketMutationOptions, updateTicket } from '@ticketing/api-client';
import type { SuccessResponse } from '@ticketing/api-client';
import type { ServerValidationError, TicketFormValues } from '../../booking';
import { useToast } from '../../toast';
import { ownerFormBody, refusalOf, UNEXPECTED_ERROR } from './owner-form';

/** What the update answered: saved, or refused with field errors named as the form names them (reference 34). */
export type UpdateOutcome = { readonly kind: 'saved' } | { readonly kind: 'refused'; readonly errors: readonly ServerValidationError[] };

const RESERVATION_VIEW = '/api/v2/public/reservation/';

/**
 * Assigns the ticket or changes its holder (reference 34). Saved: the ticket is read again (spec 4), and so is any
 * order view in the cache (the success page lists holders), with the success toast. Never throws: a refusal is an
 * outcome with the server's errors, a failure the unexpected error (spec 8: also shown as a toast).
 */
export function useUpdateTicket(eventShortName: string, ticketId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const mutation = useMutation({
    mutationKey: [...getUpdateTicketMutationOptions().mutationKey!, eventShortName, ticketId],
    mutationFn: async (values: TicketFormValues): Promise<UpdateOutcome> => {
      try {
        // the mutator throws on anything but 2xx: what resolves is the 200 ValidatedResponse<boolean>
        const { data } = (await updateTicket(eventShortName, ticketId, ownerFormBody(values))) as SuccessResponse<Awaited<ReturnType<typeof updateTicket>>>;
        if (!data.success) return { kind: 'refused', errors: data.validationErrors.length ? data.validationErrors : [{ fieldName: null, code: UNEXPECTED_ERROR }] };
      } catch (error) {
        const errors = refusalOf(error);
        if (errors.some((e) => e.code === UNEXPECTED_ERROR)) toast.error(UNEXPECTED_ERROR);
        return { kind: 'refused', errors };
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getGetTicketFullQueryKey(eventShortName, ticketId) }),
        queryClient.invalidateQueries({ queryKey: getGetTicketInfoQueryKey(eventShortName, ticketId) }),
        // the order's id is not known here (TicketInfo has its short id only): every order view held is stale
        queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith(RESERVATION_VIEW) }),
      ]);
      toast.success('ticket-update.update.success');
      return { kind: 'saved' };
    },
  });
  return { update: mutation.mutateAsync, pending: mutation.isPending };
}
