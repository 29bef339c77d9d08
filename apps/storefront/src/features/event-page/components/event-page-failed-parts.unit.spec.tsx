import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCategory, makeEvent, makeItems } from '../../../test/catalog-fixtures';
import { renderApp } from '../../../test/render-app';
import { createTestContext, makeInfo } from '../../../test/test-context';

// Chunks that do not load (after a deploy changed their names, or on a broken connection): the import rejects.
vi.mock('../waiting-list/waiting-list-section', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/waiting-list-section-old.js');
});
vi.mock('../../challenge/components/challenge-modal', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/challenge-modal-old.js');
});

const API = '/api/v2/public/event/concert';
const ROUTE_ERROR = 'An unexpected error has occurred. Please report the problem to the organizers.';

describe('a part of the event page whose chunk does not load', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('an optional one (the waiting list) is left out; the page shows, not the error page', async () => {
    renderApp('/event/concert', {
      [API]: makeEvent('concert'),
      [`${API}/ticket-categories`]: makeItems({
        waitingList: true,
        ticketCategories: [makeCategory(1, 'Festival pass', { saleableAndLimitNotReached: false, soldOutOrLimitReached: true })],
      }),
    });
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Tickets' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Waiting list' })).toBeNull();
    expect(screen.queryByText(ROUTE_ERROR)).toBeNull();
  });

  it("the challenge modal: the verification fails, so the reserve ends with the challenge error instead of waiting", async () => {
    const context = createTestContext({ info: makeInfo({ challengeConfiguration: { apiKey: 'site-key-1', enabled: true, providerId: 'turnstile' } }) });
    const { requests } = renderApp(
      '/event/concert',
      {
        [API]: makeEvent('concert'),
        [`${API}/ticket-categories`]: makeItems({ ticketCategories: [makeCategory(1, 'Festival pass')] }),
        [`POST ${API}/check-discount`]: { status: 204 },
        [`POST ${API}/reserve-tickets`]: { status: 403, headers: { 'Alfio-Verification-Missing': 'turnstile' } },
      },
      context,
    );
    await screen.findByRole('heading', { level: 1 });
    fireEvent.change(screen.getByRole('combobox', { name: 'Quantity for Festival pass' }), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('The security check failed. Please try again.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue' }).getAttribute('aria-busy')).toBeNull());
    expect(screen.queryByText(ROUTE_ERROR)).toBeNull();
    // asked once, never retried without a token
    expect(requests.filter((r) => r.method === 'POST' && r.url.includes('/reserve-tickets'))).toHaveLength(1);
  });
});
