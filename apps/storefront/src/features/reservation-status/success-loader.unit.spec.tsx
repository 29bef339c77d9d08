import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { asResponse } from '../../api/app-queries';
import { reservationInfoQueryOptions } from '../../api/reservation-queries';
import { makeReservation, RESERVATION_ID } from './reservation-fixtures';
import { Route } from '../../routes/event.$eventShortName.reservation.$reservationId.success';

// The tickets' actions chunk: asked for by the loader, there when the test says so.
const chunk = vi.hoisted(() => {
  let arrive = () => undefined as void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { asked: false, arrived, arrive: () => arrive() };
});
vi.mock('../ticket/components/ticket-actions', async (importOriginal) => {
  chunk.asked = true;
  const original = importOriginal();
  await chunk.arrived;
  return original;
});

describe("the success page's loader", () => {
  it('resolves only once the reservation and the tickets\' actions are there, so the first render waits for nothing', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(reservationInfoQueryOptions(RESERVATION_ID).queryKey, asResponse(makeReservation()));
    const loader = Route.options.loader as unknown as (match: { context: { queryClient: QueryClient }; params: Record<string, string> }) => Promise<unknown>;

    let resolved = false;
    const loading = loader({ context: { queryClient }, params: { eventShortName: 'jazz', reservationId: RESERVATION_ID } }).then(() => (resolved = true));
    await waitFor(() => expect(chunk.asked).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // a first render that suspends for the part commits the route's fallback, and React reveals what replaces it no
    // sooner than 300 ms after it showed
    expect(resolved).toBe(false);

    chunk.arrive();
    await loading;
    expect(resolved).toBe(true);
  });
});
