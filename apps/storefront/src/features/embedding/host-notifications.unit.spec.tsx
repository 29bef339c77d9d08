import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { purchaseContextQueryOptions } from '../../api/purchase-context-queries';
import { reservationInfoQueryOptions, reservationStatusQueryOptions } from '../../api/reservation-queries';
import { hostOrigin, notifyHost, watchReservation } from './host-notifications';
import { isEmbedded, isFramed } from './framed';

const RESERVATION = '5f0b8a3c-2d1e-4c7a-9b6f-0e4d2c1a8b7f';
const EVENT = { type: 'event', id: 'jazz' } as const;
const HOST = 'https://host.example.org';

/** A window in a frame: its parent is another window whose postMessage the test reads. */
function framedWindow() {
  const postMessage = vi.fn();
  const win = { parent: { postMessage } } as unknown as Window;
  return { win, postMessage };
}

function client(embedding: { enabled: boolean; notificationOrigin: string } | null) {
  const queryClient = new QueryClient();
  if (embedding) queryClient.setQueryData(purchaseContextQueryOptions(EVENT).queryKey, { data: { embeddingConfiguration: embedding }, status: 200 } as never);
  return queryClient;
}

const setStatus = (queryClient: QueryClient, status: string) =>
  queryClient.setQueryData(reservationStatusQueryOptions(RESERVATION).queryKey, { data: { status, validatedBookingInformation: false }, status: 200 } as never);

describe('embedding (spec 1 and 4)', () => {
  const stops: (() => void)[] = [];
  afterEach(() => stops.splice(0).forEach((stop) => stop()));

  it('is framed when the parent is another window, embedded only when the context enables it', () => {
    expect(isFramed(window)).toBe(false);
    expect(isFramed(framedWindow().win)).toBe(true);
    expect(isEmbedded({ enabled: true }, framedWindow().win)).toBe(true);
    expect(isEmbedded({ enabled: false }, framedWindow().win)).toBe(false);
    expect(isEmbedded({ enabled: true }, window)).toBe(false);
    expect(isEmbedded(undefined, framedWindow().win)).toBe(false);
  });

  it("posts to the configured origin only, never to '*', and nothing without a usable origin", () => {
    const { win, postMessage } = framedWindow();
    expect(notifyHost({ enabled: true, notificationOrigin: `${HOST}/path` }, { status: 'PENDING', reservationId: RESERVATION }, win)).toBe(true);
    expect(postMessage).toHaveBeenCalledWith({ status: 'PENDING', reservationId: RESERVATION }, HOST);
    for (const origin of ['', '*', 'javascript:alert(1)', 'not a url']) {
      expect(notifyHost({ enabled: true, notificationOrigin: origin }, { status: 'PENDING', reservationId: RESERVATION }, win)).toBe(false);
    }
    expect(notifyHost({ enabled: false, notificationOrigin: HOST }, { status: 'PENDING', reservationId: RESERVATION }, win)).toBe(false);
    expect(postMessage).toHaveBeenCalledTimes(1);
    expect(hostOrigin('http://127.0.0.1:4173/')).toBe('http://127.0.0.1:4173');
  });

  it('tells the host each change of the status once, from the lookup and from the polled reservation', () => {
    const { win, postMessage } = framedWindow();
    const queryClient = client({ enabled: true, notificationOrigin: HOST });
    setStatus(queryClient, 'PENDING');
    stops.push(watchReservation(queryClient, EVENT, RESERVATION, win));
    setStatus(queryClient, 'PENDING');
    setStatus(queryClient, 'PENDING');
    queryClient.setQueryData(reservationInfoQueryOptions(RESERVATION).queryKey, { data: { status: 'FINALIZING' }, status: 200 } as never);
    setStatus(queryClient, 'COMPLETE');
    queryClient.setQueryData(reservationStatusQueryOptions('another-reservation').queryKey, { data: { status: 'EXPIRED' }, status: 200 } as never);
    expect(postMessage.mock.calls).toEqual([
      [{ status: 'PENDING', reservationId: RESERVATION }, HOST],
      [{ status: 'FINALIZING', reservationId: RESERVATION }, HOST],
      [{ status: 'COMPLETE', reservationId: RESERVATION }, HOST],
    ]);
  });

  it('posts CANCELLED once the cancel succeeded, not when it failed', async () => {
    const { win, postMessage } = framedWindow();
    const queryClient = client({ enabled: true, notificationOrigin: HOST });
    stops.push(watchReservation(queryClient, EVENT, RESERVATION, win));
    const cancel = (fn: () => Promise<unknown>) => queryClient.getMutationCache().build(queryClient, { mutationKey: ['cancelPendingReservation'], mutationFn: fn }).execute(undefined);
    await cancel(() => Promise.reject(new Error('503'))).catch(() => undefined);
    expect(postMessage).not.toHaveBeenCalled();
    await cancel(() => Promise.resolve(true));
    expect(postMessage).toHaveBeenCalledWith({ status: 'CANCELLED', reservationId: RESERVATION }, HOST);
    // an answer about the reservation that comes after the cancel is not told
    setStatus(queryClient, 'PENDING');
    expect(postMessage.mock.calls.map(([message]) => (message as { status: string }).status)).toEqual(['CANCELLED']);
  });

  it('waits for the context settings when the status came first, and says nothing when embedding is off', () => {
    const { win, postMessage } = framedWindow();
    const queryClient = client(null);
    stops.push(watchReservation(queryClient, EVENT, RESERVATION, win));
    setStatus(queryClient, 'PENDING');
    expect(postMessage).not.toHaveBeenCalled();
    queryClient.setQueryData(purchaseContextQueryOptions(EVENT).queryKey, { data: { embeddingConfiguration: { enabled: true, notificationOrigin: HOST } }, status: 200 } as never);
    expect(postMessage).toHaveBeenCalledWith({ status: 'PENDING', reservationId: RESERVATION }, HOST);

    const off = framedWindow();
    const other = client({ enabled: false, notificationOrigin: HOST });
    stops.push(watchReservation(other, EVENT, 'r-2', off.win));
    other.setQueryData(reservationStatusQueryOptions('r-2').queryKey, { data: { status: 'PENDING' }, status: 200 } as never);
    expect(off.postMessage).not.toHaveBeenCalled();
  });
});
