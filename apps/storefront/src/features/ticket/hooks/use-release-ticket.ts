import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getGetEventQueryKey, getGetTicketCategoriesQueryKey, getReleaseTicketMutationOptions, releaseTicket } from '@ticketing/api-client';
import { useToast } from '../../toast';
import { forgetTicket } from './forget-ticket';

/**
 * Gives a ticket back (reference 35; spec 2, release confirmation). The seat is on sale again: the event's
 * categories and its tickets-left count are read again, and the ticket's own data is dropped (it no longer exists).
 * `onReleased` runs once the server said yes (the page then reloads the order, or leaves for the event page);
 * a refusal (400 false) or a failure is the unexpected error.
 */
export function useReleaseTicket(eventShortName: string, ticketId: string, onReleased: () => Promise<unknown> | void) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const mutation = useMutation({
    mutationKey: [...getReleaseTicketMutationOptions().mutationKey!, eventShortName, ticketId],
    mutationFn: async () => (await releaseTicket(eventShortName, ticketId)).data === true,
    onSuccess: async (released) => {
      if (!released) return toast.error('error.STEP_2_PAYMENT_REQUEST_CREATION');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getGetTicketCategoriesQueryKey(eventShortName) }),
        queryClient.invalidateQueries({ queryKey: getGetEventQueryKey(eventShortName) }),
      ]);
      await onReleased();
      // dropped once the page that showed it is gone or no longer lists it: a page still showing it would ask the
      // server for it again, and a ticket found no more (404) sends the visitor home (spec 8)
      forgetTicket(queryClient, eventShortName, ticketId);
      toast.success('ticket-update.release.success');
    },
    onError: () => toast.error('error.STEP_2_PAYMENT_REQUEST_CREATION'),
  });
  return { release: () => mutation.mutateAsync().then(() => undefined, () => undefined), pending: mutation.isPending };
}
