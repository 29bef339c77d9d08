import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCategory, makeEvent, makeItems } from '../../../test/catalog-fixtures';
import type { FakeRequest } from '../../../test/catalog-fixtures';
import { renderApp } from '../../../test/render-app';
import { backoffMs, pollMs } from '../use-waiting-room';

const API = '/api/v2/public/event/concert';
const RESERVATION_ID = '4b7e2f8a-1c3d-4e5f-9a0b-1c2d3e4f5a6b';
const OPENS_AT = '2030-06-01T18:00:00.000Z';
const reserved = { success: true, errorCount: 0, validationErrors: [], value: RESERVATION_ID, warnings: [] };
const QUEUE_REFUSAL = { status: 403, headers: { 'Alfio-Queue-Token-Missing': 'waiting-room' } };

const status = (overrides: object) => ({
  state: 'IN_LINE',
  opensAt: OPENS_AT,
  position: 12,
  ahead: 11,
  estimatedWaitSeconds: 130,
  token: null,
  tokenExpiresAt: null,
  pollAfterSeconds: 20,
  ...overrides,
});
const admitted = status({ state: 'ADMITTED', position: 1, ahead: null, estimatedWaitSeconds: null, token: 'token-7', tokenExpiresAt: new Date(Date.now() + 600_000).toISOString() });

function open(joined: object, reserve: (url: URL, request: FakeRequest) => unknown = () => reserved) {
  return renderApp('/event/concert', {
    [API]: makeEvent('concert', { waitingRoom: { opensAt: OPENS_AT, admissionsPerMinute: 60 } }),
    [`${API}/ticket-categories`]: makeItems({ ticketCategories: [makeCategory(1, 'Festival pass')] }),
    [`POST ${API}/check-discount`]: { status: 204 },
    [`POST ${API}/waiting-room`]: joined,
    [`${API}/waiting-room`]: joined,
    [`POST ${API}/reserve-tickets`]: reserve,
  });
}

describe('the waiting room on the event page', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('joins on arrival and tells the place, the people ahead and the wait in a polite live region; no selection yet', async () => {
    const { requests } = open(status({}));
    const room = await screen.findByRole('region', { name: 'Waiting room' });
    const live = within(room).getByRole('status');
    expect(live.getAttribute('aria-live')).toBe('polite');
    await within(live).findByText('Your place in line: 12');
    expect(within(live).getByText('People ahead of you: 11')).toBeTruthy();
    expect(within(live).getByText('Estimated wait: about 3 min')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(requests.filter((r) => r.method === 'POST' && r.url.endsWith('/waiting-room'))).toHaveLength(1);
  });

  it('a join that fails is tried again on the back-off schedule, the buyer told meanwhile; then the place shows', async () => {
    let joins = 0;
    const { requests } = renderApp('/event/concert', {
      [API]: makeEvent('concert', { waitingRoom: { opensAt: OPENS_AT, admissionsPerMinute: 60 } }),
      [`${API}/ticket-categories`]: makeItems({ ticketCategories: [makeCategory(1, 'Festival pass')] }),
      [`POST ${API}/check-discount`]: { status: 204 },
      [`POST ${API}/waiting-room`]: () => (++joins === 1 ? { status: 503 } : status({})),
      [`${API}/waiting-room`]: status({}),
    });
    const room = await screen.findByRole('region', { name: 'Waiting room' });
    await within(room).findByText('The waiting room cannot be reached right now. Trying again…');
    const failedAt = Date.now();
    await within(room).findByText('Your place in line: 12', undefined, { timeout: backoffMs(1) + 2_000 });
    expect(Date.now() - failedAt).toBeGreaterThanOrEqual(backoffMs(1) - 500);
    expect(within(room).queryByText('The waiting room cannot be reached right now. Trying again…')).toBeNull();
    expect(requests.filter((r) => r.method === 'POST' && r.url.endsWith('/waiting-room'))).toHaveLength(2);
  });

  it('on admission shows the selection, focuses it, and reserves with the token', async () => {
    const { requests } = open(admitted, (_url, request) => (request.headers.get('Alfio-Queue-Token') === 'token-7' ? reserved : QUEUE_REFUSAL));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Tickets' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    fireEvent.change(screen.getByRole('combobox', { name: 'Quantity for Festival pass' }), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    // on to the new reservation (its page asks for its status)
    await waitFor(() => expect(requests.some((r) => r.url.endsWith(`/reservation/${RESERVATION_ID}/status`))).toBe(true));
    expect(requests.filter((r) => r.url.includes('/reserve-tickets')).map((r) => r.headers.get('Alfio-Queue-Token'))).toEqual(['token-7']);
  });

  it('a reserve refused for want of a valid token sends the buyer back to the waiting room', async () => {
    open(admitted, () => QUEUE_REFUSAL);
    await screen.findByRole('heading', { level: 2, name: 'Tickets' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Quantity for Festival pass' }), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('region', { name: 'Waiting room' })).toBeTruthy();
  });
});

describe('polling', () => {
  it('follows the server hint within 2-30 s, jittered by at most 10 %', () => {
    expect(pollMs(status({ pollAfterSeconds: 20 }) as never, () => 0.5)).toBe(20_000);
    expect(pollMs(status({ pollAfterSeconds: 20 }) as never, () => 0)).toBe(18_000);
    expect(pollMs(status({ pollAfterSeconds: 300 }) as never, () => 0.5)).toBe(30_000);
    expect(pollMs(status({ pollAfterSeconds: 0 }) as never, () => 0.5)).toBe(2_000);
  });

  it('backs off after failures, up to a minute', () => {
    expect([1, 2, 3, 4, 6, 10].map(backoffMs)).toEqual([2_000, 4_000, 8_000, 16_000, 60_000, 60_000]);
  });
});
