import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeEvent } from '../../test/catalog-fixtures';
import { renderApp } from '../../test/render-app';
import { API, makePassOrder, PASS, passApi, RESERVATION, SUBSCRIPTION_ID } from '../subscription-reservation/pass-fixtures';
import { RESERVATION_ID } from './reservation-fixtures';

const EVENT = 'jazz-2027';
const PAGE = `/event/${EVENT}/reservation/${RESERVATION_ID}`;
const INFO = `/api/v2/public/reservation/${RESERVATION_ID}`;
// in the page's language (the login's own pages speak it)
const LOGIN = `/openid/event/${EVENT}/reservation/${RESERVATION_ID}?lang=en`;
const DENIED = { status: 401, body: 'Access to this reservation has been denied' };
const GRACE = { firstName: 'Grace', lastName: 'Hopper', emailAddress: 'grace@example.org', profile: null, external: true };

/** The server of an order Ada made while signed in: its status is open to all (reference 17), the order is not. */
function api({ loginOn, me, status = 'COMPLETE', info = DENIED }: { loginOn: boolean; me: unknown; status?: string; info?: unknown }) {
  return {
    [`/api/v2/public/event/${EVENT}`]: makeEvent(EVENT),
    '/api/v2/public/events': [],
    '/api/v2/public/subscriptions': [],
    [`${INFO}/status`]: { status, validatedBookingInformation: status !== 'PENDING' },
    [INFO]: info,
    '/api/v2/public/user/authentication-enabled': loginOn,
    '/api/v2/public/user/me': me,
  };
}

describe('a reservation owned by another account (reference 3.3: 401)', () => {
  beforeEach(() => {
    // The router logs a loader's failure; printing it trips over happy-dom's anchor elements.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it.each([
    ['success page', 'COMPLETE', 'success'],
    ['booking step', 'PENDING', 'book'],
  ])('sends a visitor who is not signed in from its %s to the login, which comes back to it', async (_, status, page) => {
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace });
    renderApp(`${PAGE}/${page}`, api({ loginOn: true, me: { status: 204 }, status }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith(LOGIN));
    expect(screen.queryByRole('heading', { name: 'This order belongs to another account' })).toBeNull();
  });

  it("sends a visitor who is not signed in from a pass's order page to the login of that order", async () => {
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace });
    renderApp(
      `${PASS}/success`,
      passApi(makePassOrder({ status: 'COMPLETE', validatedBookingInformation: true }), {
        [`GET ${API}/reservation/${RESERVATION}`]: DENIED,
        [`${API}/user/authentication-enabled`]: true,
        [`${API}/user/me`]: { status: 204 },
      }),
    );
    await waitFor(() => expect(replace).toHaveBeenCalledWith(`/openid/subscription/${SUBSCRIPTION_ID}/reservation/${RESERVATION}?lang=en`));
  });

  it('tells a visitor signed in with another account whose order it is, in an alert with a heading and the way home', async () => {
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace });
    const rendered = renderApp(`${PAGE}/success`, api({ loginOn: true, me: GRACE }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'This order belongs to another account' });
    const alert = heading.closest('[role="alert"]');
    expect(alert?.textContent).toContain('To see it, log in with that account.');
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
    expect(rendered.router.state.location.pathname).toBe(`${PAGE}/success`);
    expect(replace).not.toHaveBeenCalled();
  });

  it('says the same on the booking step, rather than calling the order not found', async () => {
    const rendered = renderApp(`${PAGE}/book`, api({ loginOn: true, me: GRACE, status: 'PENDING' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This order belongs to another account' })).toBeTruthy();
    expect(rendered.router.state.location.pathname).toBe(`${PAGE}/book`);
  });

  it('says so where login is off, with no login to send anyone to', async () => {
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace });
    renderApp(`${PAGE}/success`, api({ loginOn: false, me: { status: 204 } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This order belongs to another account' })).toBeTruthy();
    expect(replace).not.toHaveBeenCalled();
  });

  it('keeps the server-error notice for any other failure', async () => {
    renderApp(`${PAGE}/success`, api({ loginOn: true, me: { status: 204 }, info: { status: 500 } }));
    const heading = await screen.findByRole('heading', { level: 1, name: /unexpected error/i });
    expect(heading.closest('[role="alert"]')).not.toBeNull();
    expect(screen.queryByRole('heading', { name: 'This order belongs to another account' })).toBeNull();
  });
});
