import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { isApiError } from '@ticketing/api-client';
import { reservationInfoQueryOptions, reservationStatusQueryOptions } from '../../api/reservation-queries';
import type { ReservationInfo } from '../../api/reservation-queries';
import type { ReservationPage, StatusLookup } from './reservation-page';
import { availablePage, lookupIn, pageForStatus, pageOfPath } from './reservation-page';
import type { PurchaseContextRef } from '../../app/purchase-context';
import { reservationPageHref } from '../../app/purchase-context';
import type { PageNotice } from '../../app/page-notice';

export { reservationPageHref };

/**
 * Another person's reservation (401, reference 3.3): the visitor goes through the login, or the refusal comes back for
 * the error notice to say so (auth/owned-reservation.ts, loaded only then). Any other failure: returns.
 */
export async function refuseAsOwned(error: unknown, queryClient: QueryClient, context: PurchaseContextRef, reservationId: string): Promise<void> {
  if (isApiError(error) && error.status === 401) await (await import('../auth/owned-reservation')).logInForOwnedReservation(queryClient, context, reservationId, error);
}

/** The status, or null when the lookup fails (404 once cancelled or expired, or any other failure: spec 8). */
export async function lookUpStatus(queryClient: QueryClient, reservationId: string): Promise<StatusLookup | null> {
  return queryClient.fetchQuery(reservationStatusQueryOptions(reservationId)).then(
    (response) => response.data,
    () => null,
  );
}

interface GuardInput {
  readonly queryClient: QueryClient;
  readonly context: PurchaseContextRef;
  readonly reservationId: string;
  readonly location: { readonly pathname: string; readonly searchStr: string };
}

/**
 * Spec 2 guard, run before any page of a reservation: the status decides the page, and a visitor on another
 * one is sent there (replacing the address, so 'back' does not return to a page the status no longer allows).
 * Redirected by address: the target may be a page another feature owns (book, overview).
 */
export async function guardReservationPage({ queryClient, context, reservationId, location }: GuardInput): Promise<ReservationPage> {
  // spec 4: in a frame, the embedding host hears of the reservation's status (only framed pages load that code)
  if (window.parent !== window) void import('../embedding/host-notifications').then((m) => m.watchReservation(queryClient, context, reservationId));
  const page = availablePage(pageForStatus(lookupIn(await lookUpStatus(queryClient, reservationId), context)));
  if (pageOfPath(location.pathname, reservationId) !== page) {
    throw redirect({ href: reservationPageHref(context, reservationId, page, location.searchStr), replace: true });
  }
  return page;
}

/**
 * The loader of a page that shows the reservation: its data in the cache before the page renders. A reservation
 * gone between the guard and this call (cancelled, expired) is not found; another person's (401) goes through the
 * login or says so (auth/owned-reservation.ts); any other failure is the router's error notice (sending it to not-found
 * while its status still exists would bounce back through the guard).
 */
export async function loadReservation(queryClient: QueryClient, context: PurchaseContextRef, reservationId: string): Promise<ReservationInfo> {
  try {
    return (await queryClient.ensureQueryData(reservationInfoQueryOptions(reservationId))).data;
  } catch (error) {
    await refuseAsOwned(error, queryClient, context, reservationId);
    if (isApiError(error) && error.status === 404 && (await lookUpStatus(queryClient, reservationId)) === null) {
      throw redirect({ href: reservationPageHref(context, reservationId, 'not-found'), replace: true });
    }
    // spec 8: a reservation that could not be loaded (a 5xx, no answer) shows the unexpected error
    throw Object.assign(error as Error, { notice: { title: 'error.STEP_2_PAYMENT_REQUEST_CREATION' } satisfies PageNotice });
  }
}
