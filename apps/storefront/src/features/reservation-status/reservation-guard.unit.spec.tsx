import { QueryClient } from '@tanstack/react-query';
import { isRedirect } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/catalog-fixtures';
import { guardReservationPage } from './reservation-guard';
import { RESERVATION_ID } from './reservation-fixtures';

const PAGE = `/event/jazz/reservation/${RESERVATION_ID}`;
const STATUS = `/api/v2/public/reservation/${RESERVATION_ID}/status`;

async function guard(pathname: string, answer: unknown, searchStr = '') {
  vi.stubGlobal('fetch', fakeApi({ [STATUS]: answer }).fetch);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return guardReservationPage({ queryClient, context: { type: 'event', id: 'jazz' }, reservationId: RESERVATION_ID, location: { pathname, searchStr } }).then(
    (page) => ({ stays: page }),
    (thrown: unknown) => {
      if (!isRedirect(thrown)) throw thrown;
      return { redirect: thrown.options.href, replace: thrown.options.replace };
    },
  );
}

describe('the status guard of reservation pages (spec 2 and 4)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the booking step of a validated reservation to the overview, keeping the query', async () => {
    expect(await guard(`${PAGE}/book`, { status: 'PENDING', validatedBookingInformation: true }, '?tags=jazz')).toEqual({
      redirect: `${PAGE}/overview?tags=jazz`,
      replace: true,
    });
  });

  it('sends the overview of a reservation not validated (back to booking) to the booking step', async () => {
    expect(await guard(`${PAGE}/overview`, { status: 'PENDING', validatedBookingInformation: false })).toEqual({ redirect: `${PAGE}/book`, replace: true });
  });

  it('lets the page the status asks for load', async () => {
    expect(await guard(`${PAGE}/book`, { status: 'PENDING', validatedBookingInformation: false })).toEqual({ stays: 'book' });
    expect(await guard(`${PAGE}/success`, { status: 'FINALIZING', validatedBookingInformation: true })).toEqual({ stays: 'success' });
  });

  it('sends the bare reservation address to its page', async () => {
    expect(await guard(PAGE, { status: 'COMPLETE', validatedBookingInformation: true })).toEqual({ redirect: `${PAGE}/success`, replace: true });
  });

  it.each(['EXTERNAL_PROCESSING_PAYMENT', 'WAITING_EXTERNAL_CONFIRMATION'])(
    'sends a payment the provider is confirming (%s) to the processing page',
    async (status) => {
      expect(await guard(`${PAGE}/overview`, { status, validatedBookingInformation: true })).toEqual({ redirect: `${PAGE}/processing-payment`, replace: true });
      expect(await guard(`${PAGE}/processing-payment`, { status, validatedBookingInformation: true })).toEqual({ stays: 'processing-payment' });
    },
  );

  it('sends a reservation made for another event or a pass to the not-found page, which then stays', async () => {
    const made = (type: string, publicIdentifier: string) => ({ status: 'COMPLETE', validatedBookingInformation: true, purchaseContext: { type, publicIdentifier } });
    expect(await guard(`${PAGE}/success`, made('event', 'jazz'))).toEqual({ stays: 'success' });
    expect(await guard(`${PAGE}/success`, made('event', 'blues'))).toEqual({ redirect: `${PAGE}/not-found`, replace: true });
    expect(await guard(`${PAGE}/success`, made('event', 'Jazz'))).toEqual({ redirect: `${PAGE}/not-found`, replace: true });
    expect(await guard(`${PAGE}/not-found`, made('event', 'blues'))).toEqual({ stays: 'not-found' });
    expect(await guard(`${PAGE}/success`, made('subscription', 'jazz'))).toEqual({ redirect: `${PAGE}/not-found`, replace: true });
  });

  it.each([404, 422, 500])('treats a status lookup answering %s as not found', async (status) => {
    expect(await guard(`${PAGE}/book`, { status })).toEqual({ redirect: `${PAGE}/not-found`, replace: true });
  });
});
