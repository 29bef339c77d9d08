import { useQuery } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { reservationStatusQueryOptions } from '../../../api/reservation-queries';
import type { ReservationPage } from '../reservation-page';
import { availablePage, pageForStatus } from '../reservation-page';
import type { PurchaseContextRef } from '../../../app/purchase-context';
import { reservationPageHref } from '../../../app/purchase-context';

/** Spec 9: reservation status polling every 5000 ms. */
export const STATUS_POLL_MS = 5000;

interface FollowStatusOptions {
  readonly context: PurchaseContextRef;
  readonly reservationId: string;
  /** The page showing: polling goes on while the status still asks for it. */
  readonly page: ReservationPage;
  /** Poll only while true (the success page polls only while FINALIZING). */
  readonly enabled?: boolean;
  /** Called once the status asks for another page, just before going there. */
  readonly onLeave?: (next: ReservationPage) => void;
}

/**
 * Polls the reservation status and moves to the page it asks for once that differs from this one (spec 4: the
 * waiting page turns into success when the organizer confirms the transfer). Returns the latest status.
 */
export function useFollowStatus({ context: { type, id }, reservationId, page, enabled = true, onLeave }: FollowStatusOptions) {
  const navigate = useNavigate();
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  const query = useQuery({
    ...reservationStatusQueryOptions(reservationId),
    enabled,
    refetchInterval: STATUS_POLL_MS,
    refetchIntervalInBackground: false,
    // A failed poll is the same as a failed lookup: the reservation went away (spec 8: not found).
    retry: false,
  });
  const next = query.isError ? 'not-found' : query.data ? availablePage(pageForStatus(query.data.data)) : page;
  useEffect(() => {
    if (!enabled || next === page) return;
    onLeave?.(next);
    void navigate({ href: reservationPageHref({ type, id }, reservationId, next, searchStr), replace: true });
    // Only a change of the page asked for moves: onLeave and the query string are read, not watched.
  }, [enabled, next, page, type, id, reservationId, navigate]);
  return query.data?.data.status;
}
