import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { eventQueryOptions } from '../../api/catalog-queries';
import { reservationInfoQueryOptions } from '../../api/reservation-queries';

/**
 * The loader of steps 2 and 3: the reservation and its event in the cache before the page renders. A
 * reservation gone since the status guard looked (cancelled, expired and deleted) is not found.
 */
export async function loadCheckoutStep(queryClient: QueryClient, shortName: string, reservationId: string): Promise<void> {
  const event = queryClient.ensureQueryData(eventQueryOptions(shortName));
  try {
    await queryClient.ensureQueryData(reservationInfoQueryOptions(reservationId));
  } catch {
    throw redirect({ href: `/event/${encodeURIComponent(shortName)}/reservation/${encodeURIComponent(reservationId)}/not-found`, replace: true });
  }
  await event;
}
