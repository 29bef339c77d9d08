import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { subscriptionQueryOptions } from '../../api/catalog-queries';
import type { PurchaseContextRef } from '../../app/purchase-context';
import { purchaseContextHref } from '../../app/purchase-context';
import { isUuidV4 } from '../../app/search-params';
import { pageContextOf, type PageContext } from '../../app/page-context';
import { loadCheckoutStep } from '../checkout/checkout-loader';
import type { ReservationPage } from '../reservation-status/reservation-page';
import { guardReservationPage, loadReservation } from '../reservation-status/reservation-guard';
import { passPagePart } from './pass-page-parts';

interface Input {
  readonly queryClient: QueryClient;
  /** The address's purchase context type and public identifier, as typed. */
  readonly type: string;
  readonly publicId: string;
  readonly reservationId: string;
  readonly location: { readonly pathname: string; readonly searchStr: string };
}

/**
 * A reservation's page by purchase context. The status guard of spec 4 first: an address the status does not ask
 * for leads to the one it asks for ('waitingPayment' of old e-mails included). For an event that is always another
 * route (each of its pages has its own, under the event's layout); should the guard let one through, it goes to the
 * event. For a pass, the page's data in the cache and the page's own chunk. Any other type, or a pass id that is not
 * a UUID v4 (as on the subscription page), goes home.
 */
export async function loadPurchaseReservation({ queryClient, type, publicId, reservationId, location }: Input): Promise<PurchaseReservationData> {
  if (type === 'event') {
    const context: PurchaseContextRef = { type, id: publicId };
    await guardReservationPage({ queryClient, context, reservationId, location });
    throw redirect({ href: purchaseContextHref(context), replace: true });
  }
  if (type !== 'subscription' || !isUuidV4(publicId)) throw redirect({ to: '/', replace: true });
  const context: PurchaseContextRef = { type, id: publicId };
  const page = await guardReservationPage({ queryClient, context, reservationId, location });
  const shown = passPagePart(page).preload();
  // the pass's languages and legal links for the chrome, as on the pass's page (spec 1): every page has them
  const pass = queryClient.ensureQueryData(subscriptionQueryOptions(publicId)).then(
    ({ data }) => data,
    () => null,
  );
  if (page === 'book' || page === 'overview') {
    await loadCheckoutStep(queryClient, context, reservationId);
  } else if (page !== 'not-found') {
    await Promise.all([queryClient.ensureQueryData(subscriptionQueryOptions(publicId)), page === 'error' ? null : loadReservation(queryClient, context, reservationId)]);
  }
  const descriptor = await pass;
  await shown;
  return descriptor ? { page, pageContext: pageContextOf(descriptor) } : { page };
}

/** The page a pass's reservation shows, and (the pass known) the chrome's context: its content languages and legal links. */
export interface PurchaseReservationData {
  readonly page: ReservationPage;
  readonly pageContext?: PageContext;
}
