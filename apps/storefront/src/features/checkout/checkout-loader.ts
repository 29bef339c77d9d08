import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { purchaseContextQueryOptions } from '../../api/purchase-context-queries';
import { reservationInfoQueryOptions } from '../../api/reservation-queries';
import type { PurchaseContextRef } from '../../app/purchase-context';
import { reservationPageHref } from '../../app/purchase-context';
import { refuseAsOwned } from '../reservation-status/reservation-guard';

/**
 * The loader of steps 2 and 3: the reservation and its event (or subscription) in the cache before the page
 * renders. A reservation gone since the status guard looked (cancelled, expired and deleted) is not found; another
 * person's (401, the guard's status lookup lets it through) goes through the login or says so.
 */
export async function loadCheckoutStep(queryClient: QueryClient, context: PurchaseContextRef, reservationId: string): Promise<void> {
  const settings = queryClient.ensureQueryData(purchaseContextQueryOptions(context));
  try {
    await queryClient.ensureQueryData(reservationInfoQueryOptions(reservationId));
  } catch (error) {
    await refuseAsOwned(error, queryClient, context, reservationId);
    throw redirect({ href: reservationPageHref(context, reservationId, 'not-found'), replace: true });
  }
  await settings;
}
