import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { getGetTicketCategoriesQueryKey, getReserveTicketsMutationOptions, reserveTickets } from '@ticketing/api-client';
import type { ReservationForm, SuccessResponse } from '@ticketing/api-client';
import { useRef, useState } from 'react';
import type { ReservationSearch } from '../../../app/search-params';
import { useChallenge } from '../../challenge';
import { useLanguage } from '../../i18n';
import type { ErrorMessage } from '../reservation-errors';
import { errorMessagesOf } from '../reservation-errors';

/** What resolves is the 200 answer (the client throws on any other status): `value` is the new reservation id. */
type ReserveAnswer = SuccessResponse<Awaited<ReturnType<typeof reserveTickets>>>;

/**
 * The continue button's action (spec 2, 4): POST reserve-tickets in the current language, through the human
 * verification when the server demands it; on success to the booking step of the new reservation, carrying the
 * page's subscription, organizer, tags and organizerSlug. Repeated submits while one is running are ignored.
 * Either way the categories are stale afterwards (tickets were held, or the server said there are too few).
 */
export function useReserve(shortName: string, carry: ReservationSearch) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const lang = useLanguage();
  const withChallenge = useChallenge();
  const running = useRef(false);
  // Busy from the click until the booking page shows (the mutation settles before the navigation ends).
  const [busy, setBusy] = useState(false);

  const mutation = useMutation({
    mutationKey: getReserveTicketsMutationOptions().mutationKey,
    mutationFn: async (form: ReservationForm): Promise<string> => {
      const answer = (await withChallenge((headers) => reserveTickets(shortName, form, { lang }, { headers }))) as ReserveAnswer;
      const reservationId = answer.data.value;
      if (typeof reservationId !== 'string' || !reservationId) throw new Error('reserve-tickets answered without a reservation id');
      return reservationId;
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: getGetTicketCategoriesQueryKey(shortName) });
    },
  });

  const submit = async (form: ReservationForm): Promise<void> => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      const reservationId = await mutation.mutateAsync(form);
      await navigate({
        to: '/event/$eventShortName/reservation/$reservationId/book',
        params: { eventShortName: shortName, reservationId },
        search: carry,
      });
    } catch {
      // the mutation holds the error; the page shows it
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  const errors: ErrorMessage[] = mutation.error ? errorMessagesOf(mutation.error) : [];
  return { submit, pending: busy || mutation.isPending, errors, reset: mutation.reset };
}
