import type { ComponentType } from 'react';
import type { LazyPart } from '../../app/lazy-part';
import { lazyPart, partPlaceholder } from '../../app/lazy-part';
import type { PurchaseContextRef } from '../../app/purchase-context';
import { carriedSearch, parseBookingSearch } from '../checkout/model/checkout-search';
import type { ReservationPage } from '../reservation-status/reservation-page';

export interface PassPageProps {
  readonly context: PurchaseContextRef;
  readonly reservationId: string;
  /** The address's query as the router read it (strings). */
  readonly search: Record<string, unknown>;
}

type Page = ComponentType<PassPageProps>;

const part = (load: () => Promise<Page>): LazyPart<PassPageProps> => lazyPart(load, partPlaceholder);

// Each page of a pass's reservation is the event's own page (features/checkout, features/reservation-status), in
// the chunk it already has, or the subscription success page: loaded by the route's loader once the status guard
// knows which one to show. The route's own chunk is only this table and the loader.
const parts: Readonly<Record<ReservationPage, LazyPart<PassPageProps>>> = {
  book: part(() =>
    import('../checkout/components/booking-page').then(({ BookingPage }) => (p: PassPageProps) => (
      <BookingPage key={p.reservationId} context={p.context} reservationId={p.reservationId} search={parseBookingSearch(p.search)} />
    )),
  ),
  overview: part(() =>
    import('../checkout/components/overview-page').then(({ OverviewPage }) => (p: PassPageProps) => (
      <OverviewPage key={p.reservationId} context={p.context} reservationId={p.reservationId} search={carriedSearch(parseBookingSearch(p.search))} />
    )),
  ),
  success: part(() => import('./components/subscription-success-page').then((m) => m.SubscriptionSuccessPage)),
  'waiting-payment': part(() => import('../reservation-status/components/waiting-payment-page').then((m) => m.WaitingPaymentPage)),
  'deferred-payment': part(() => import('../reservation-status/components/deferred-payment-page').then((m) => m.DeferredPaymentPage)),
  'processing-payment': part(() => import('../reservation-status/components/processing-payment-page').then((m) => m.ProcessingPaymentPage)),
  'not-found': part(() => import('../reservation-status/components/not-found-page').then((m) => m.NotFoundPage)),
  error: part(() => import('../reservation-status/components/error-page').then((m) => m.ErrorPage)),
};

export const passPagePart = (page: ReservationPage): LazyPart<PassPageProps> => parts[page];
