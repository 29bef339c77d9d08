import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { getGetTicketCategoriesQueryKey } from '@ticketing/api-client';
import type { ReservationForm } from '@ticketing/api-client';
import { useStore } from 'jotai';
import { useRef, useState } from 'react';
import { useInfo } from '../../../api/app-queries';
import type { ReservationSearch } from '../../../app/search-params';
import { useLanguage } from '../../i18n';
import type { ErrorMessage } from '../error-messages';
import { UNEXPECTED_ERROR } from '../error-messages';

const loadReserveCall = () => import('../reserve-call');
const BOOKING_STEP = '/event/$eventShortName/reservation/$reservationId/book';

/**
 * The continue button's action (spec 2, 4): POST reserve-tickets in the current language, through the human
 * verification when the server demands it; on success to the booking step of the new reservation, carrying the
 * page's subscription, organizer, tags and organizerSlug. Repeated submits while one is running are ignored.
 * Either way the categories are stale afterwards (tickets were held, or the server said there are too few).
 * A failure the server did not explain also shows as a toast (reserve-call.ts).
 * `prepare` (called once tickets are chosen) loads the call and the booking step's code ahead of the click (the
 * booking step's code then asks for the attendee forms it opens with, see checkout/booking-parts.ts).
 */
export function useReserve(shortName: string, carry: ReservationSearch) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const navigate = useNavigate();
  const lang = useLanguage();
  // What the human verification needs when the call is made (runWithChallenge, in the call's chunk).
  const store = useStore();
  const { data: info } = useInfo();
  const running = useRef(false);
  // Busy from the click until the booking page shows (the mutation settles before the navigation ends).
  const [busy, setBusy] = useState(false);

  const mutation = useMutation({
    // The generated mutation options would bring the whole reservation client into the page: same key, by hand.
    mutationKey: ['reserveTickets'],
    mutationFn: async (form: ReservationForm): Promise<string> => (await loadReserveCall()).reserve({ store, info }, shortName, form, lang),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: getGetTicketCategoriesQueryKey(shortName) });
    },
  });

  const prepare = () => {
    void loadReserveCall().catch(() => undefined);
    void router.loadRouteChunk(router.routesById[BOOKING_STEP])?.catch(() => undefined);
  };

  const submit = async (form: ReservationForm): Promise<void> => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      const reservationId = await mutation.mutateAsync(form);
      await navigate({ to: BOOKING_STEP, params: { eventShortName: shortName, reservationId }, search: carry });
    } catch {
      // the mutation holds the error; the page shows it
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  // A failed call comes mapped (ReserveFailed); anything else (the call's chunk did not load) is unexpected.
  const failure = mutation.error as { messages?: ErrorMessage[] } | null;
  const errors: ErrorMessage[] = failure ? (failure.messages ?? [{ code: UNEXPECTED_ERROR, args: [] }]) : [];
  return { submit, prepare, pending: busy || mutation.isPending, errors, reset: mutation.reset };
}
