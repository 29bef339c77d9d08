import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { asResponse } from '../../api/app-queries';
import { eventQueryOptions, ticketCategoriesQueryOptions } from '../../api/catalog-queries';
import { makeCategory, makeEvent, makeItems, makeService } from '../../test/catalog-fixtures';
import { loadEventItems } from './event-items-loader';
import { additionalServices } from './event-page-parts';

// The supplements' chunk: asked for when the page knows it shows them, there when the test says so.
const chunk = vi.hoisted(() => {
  let arrive = () => undefined as void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { asked: false, arrived, arrive: () => arrive(), waitingListAsked: false };
});
vi.mock('./components/additional-services', async (importOriginal) => {
  chunk.asked = true;
  const original = importOriginal();
  await chunk.arrived;
  return original;
});
vi.mock('./waiting-list/waiting-list-section', async (importOriginal) => {
  chunk.waitingListAsked = true;
  return importOriginal();
});

describe("the event page's loader", () => {
  it('resolves once the parts the page opens with are loaded, and loads no other', async () => {
    const queryClient = new QueryClient();
    // as the server puts them into the page (no request is made: fetch is not stubbed)
    queryClient.setQueryData(eventQueryOptions('concert').queryKey, asResponse(makeEvent('concert')));
    const items = makeItems({ ticketCategories: [makeCategory(1, 'Festival pass')], additionalServices: [makeService(7, 'SUPPLEMENT', 'Parking')] });
    queryClient.setQueryData(ticketCategoriesQueryOptions('concert').queryKey, asResponse(items));

    let resolved = false;
    const loading = loadEventItems(queryClient, 'concert', undefined).then((state) => {
      resolved = true;
      return state;
    });
    await waitFor(() => expect(chunk.asked).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The page's first render must not wait for a part: a render that suspends shows the route's fallback, and
    // React reveals what replaces a fallback no sooner than 300 ms after it showed.
    expect(resolved).toBe(false);

    chunk.arrive();
    expect(await loading).toEqual({ eventCode: null, codeError: null });
    expect((additionalServices.preload() as Promise<void> & { status?: string }).status).toBe('fulfilled');
    expect(chunk.waitingListAsked).toBe(false);
  });
});
