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
    vi.useRealTimers();
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

  it('the big number is the place among those still waiting, as the people ahead say (the position the API answers counts from the start)', async () => {
    // six earlier buyers were admitted: place 7 of the room's order, nobody ahead any more
    open(status({ position: 7, ahead: 0, estimatedWaitSeconds: 1 }));
    const room = await screen.findByRole('region', { name: 'Waiting room' });
    const live = within(room).getByRole('status');
    await within(live).findByText('People ahead of you: 0');
    expect(within(live).getByText(/^Your place in line:/).textContent).toBe('Your place in line: 1');
    expect(within(room).getByText('1')).toBeTruthy();
    expect(within(room).queryByText('7')).toBeNull();
  });

  it('while admitted, a notice above the selection says until when the place is kept: added to a live region that was there, read out politely once, the focus left on the tickets', async () => {
    // ten minutes before the token runs out (only the clock is fake: the page's timers run)
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-06-01T18:00:00.000Z'));
    let admit = () => {};
    const admission = new Promise<void>((resolve) => (admit = resolve));
    const kept = status({ state: 'ADMITTED', position: 12, ahead: null, estimatedWaitSeconds: null, token: 'token-12', tokenExpiresAt: '2030-06-01T18:10:00.000Z', pollAfterSeconds: 2 });
    const { requests } = renderApp('/event/concert', {
      [API]: makeEvent('concert', { waitingRoom: { opensAt: OPENS_AT, admissionsPerMinute: 60 } }),
      [`${API}/ticket-categories`]: makeItems({ ticketCategories: [makeCategory(1, 'Festival pass')] }),
      [`POST ${API}/check-discount`]: { status: 204 },
      [`POST ${API}/waiting-room`]: status({}),
      [`${API}/waiting-room`]: () => admission.then(() => kept),
    });
    const room = await screen.findByRole('region', { name: 'Waiting room' });
    await within(room).findByText('Your place in line: 12');
    const liveBefore = screen.getAllByRole('status');
    // what the room's own live region says until it goes: not the turn, which the notice says
    const roomSaid: string[] = [];
    const roomLive = within(room).getByRole('status');
    const roomObserver = new MutationObserver(() => roomSaid.push(roomLive.textContent ?? ''));
    roomObserver.observe(roomLive, { subtree: true, childList: true, characterData: true });
    admit();
    const heading = await screen.findByRole('heading', { level: 2, name: 'Tickets' });
    // the event's time zone (Europe/Rome), the page's language
    const notice = await screen.findByText(/^It is your turn! Choose your tickets before Jun 1, 2030, 8:10\sPM\.$/);
    const live = notice.closest('[role="status"]') as HTMLElement;
    expect(liveBefore).toContain(live);
    expect(live.getAttribute('aria-live')).toBe('polite');
    expect(live.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(heading));
    roomObserver.disconnect();
    expect(roomSaid.filter((text) => text.includes('your turn'))).toEqual([]);
    expect(screen.getAllByText(/your turn/)).toEqual([notice]);
    // nothing in it changes while the buyer chooses (no poll while admitted), so it is not read out again
    const changes: MutationRecord[] = [];
    const observer = new MutationObserver((records) => changes.push(...records));
    observer.observe(live, { subtree: true, childList: true, characterData: true, attributes: true });
    const polls = requests.length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    observer.disconnect();
    expect(changes).toEqual([]);
    expect(requests.slice(polls).filter((r) => r.url.endsWith('/waiting-room'))).toEqual([]);
    expect(document.activeElement).toBe(heading);
  }, 10_000);

  it('an admission that lapses shows the expired message and the join-again button; the page does not join again by itself', async () => {
    const expiresAt = Date.now() + 1_500;
    let joins = 0;
    const place = () =>
      joins > 1
        ? status({ state: 'JOINING', position: null, ahead: null, estimatedWaitSeconds: null, pollAfterSeconds: 2 })
        : Date.now() < expiresAt
          ? status({ state: 'ADMITTED', position: 3, ahead: null, estimatedWaitSeconds: null, token: 'token-3', tokenExpiresAt: new Date(expiresAt).toISOString(), pollAfterSeconds: 30 })
          : status({ state: 'EXPIRED', position: 3, ahead: null, estimatedWaitSeconds: null, pollAfterSeconds: 30 });
    const { requests } = renderApp('/event/concert', {
      [API]: makeEvent('concert', { waitingRoom: { opensAt: OPENS_AT, admissionsPerMinute: 60 } }),
      [`${API}/ticket-categories`]: makeItems({ ticketCategories: [makeCategory(1, 'Festival pass')] }),
      [`POST ${API}/check-discount`]: { status: 204 },
      // as the server: a join after the lapse leaves the old place and takes a new one at the end
      [`POST ${API}/waiting-room`]: () => {
        joins += 1;
        return place();
      },
      [`${API}/waiting-room`]: () => place(),
    });
    const joinsSent = () => requests.filter((r) => r.method === 'POST' && r.url.endsWith('/waiting-room')).length;
    await screen.findByRole('heading', { level: 2, name: 'Tickets' });
    const room = await screen.findByRole('region', { name: 'Waiting room' }, { timeout: 3_000 });
    await within(within(room).getByRole('status')).findByText('Your turn has passed. Join the line again to get a new place at its end.');
    expect(screen.queryByRole('heading', { level: 2, name: 'Tickets' })).toBeNull();
    // the focus went with the selection: it goes to the room, not to nowhere
    expect(document.activeElement).toBe(within(room).getByRole('heading', { level: 2, name: 'Waiting room' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(joinsSent()).toBe(1);
    fireEvent.click(within(room).getByRole('button', { name: 'Join the line again' }));
    await within(room).findByText('Taking your place in line…');
    expect(joinsSent()).toBe(2);
    // and the line is followed again (the polls stopped at EXPIRED)
    const polls = requests.length;
    await waitFor(() => expect(requests.slice(polls).some((r) => r.method === 'GET' && r.url.endsWith('/waiting-room'))).toBe(true), { timeout: 3_000 });
  }, 12_000);

  it('a reserve refused for want of a valid token sends the buyer back to the waiting room, which offers to join again', async () => {
    const { requests } = open(admitted, () => QUEUE_REFUSAL);
    await screen.findByRole('heading', { level: 2, name: 'Tickets' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Quantity for Festival pass' }), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const room = await screen.findByRole('region', { name: 'Waiting room' });
    expect(await within(room).findByRole('button', { name: 'Join the line again' })).toBeTruthy();
    expect(document.activeElement).toBe(within(room).getByRole('heading', { level: 2, name: 'Waiting room' }));
    expect(requests.filter((r) => r.method === 'POST' && r.url.endsWith('/waiting-room'))).toHaveLength(1);
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
