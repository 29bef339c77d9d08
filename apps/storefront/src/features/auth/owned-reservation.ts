import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { getOpenReservationSignedInUrl } from '@ticketing/api-client';
import { authenticationEnabledQueryOptions, meQueryOptions } from '../../api/user-queries';
import type { PageNotice } from '../../app/page-notice';
import type { PurchaseContextRef } from '../../app/purchase-context';
import { readPersistedLanguage } from '../i18n';

/**
 * Reference 3.3: a reservation made while signed in opens only to its owner, anyone else gets 401 (`refused`). Its
 * e-mailed link, opened where nobody is signed in, goes through the login: the reservation's login route (reference
 * 57), which comes back to the reservation's address, and the status guard to its page (replacing this address, so
 * that back from the provider is not this refusal again). A visitor signed in with another account, or a site whose
 * login is off, gets the 401 back with the error notice's words: the order is another account's. Loaded only on a 401 (a
 * dynamic import from the loaders) with the rest of the visitor's account (the account chunk), so no reservation page
 * pays for it.
 */
export async function logInForOwnedReservation(queryClient: QueryClient, context: PurchaseContextRef, reservationId: string, refused: unknown): Promise<never> {
  const [loginOn, user] = await Promise.all([
    queryClient.fetchQuery(authenticationEnabledQueryOptions()).catch(() => false),
    // asked again: a login in another tab since the last answer counts
    queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 }).catch(() => null),
  ]);
  if (loginOn && !user) throw redirect({ href: getOpenReservationSignedInUrl(context.type, encodeURIComponent(context.id), encodeURIComponent(reservationId), { lang: readPersistedLanguage() }), reloadDocument: true, replace: true });
  throw Object.assign(refused as Error, { notice: { title: 'storefront.reservation.other-account.title', text: 'storefront.reservation.other-account.text' } satisfies PageNotice });
}
