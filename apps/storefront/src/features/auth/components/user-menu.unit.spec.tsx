import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { createTestContext } from '../../../test/test-context';
import { accountApi, loginOnContext, makeUser, USER_API } from '../../account/account-fixtures';
import { setProfileDeletedFlag, takeProfileDeletedFlag } from '../profile-deleted-flag';

/** The top bar's account controls (spec 2, Chrome), found as a visitor finds them: by role and name. */
describe('top bar: login link and user menu', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('opens the brand link home in the same tab outside a frame', async () => {
    renderApp('/events-all?organizer=3', accountApi(null), createTestContext({ lang: 'en' }));
    expect((await screen.findByRole('link', { name: 'Tickets' })).getAttribute('target')).toBeNull();
  });

  it('shows nothing and asks nothing while login is off or not known to be on', async () => {
    const { calls } = renderApp('/events-all?organizer=3', accountApi(makeUser()), createTestContext({ lang: 'en' }));
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Signed in as/ })).toBeNull();
    expect(calls.filter((c) => c.startsWith(USER_API))).toEqual([]);
  });

  it('offers an anonymous visitor the login, coming back to the page they are on, in its language', async () => {
    renderApp('/events-all?organizer=3', accountApi(null), loginOnContext());
    const login = await screen.findByRole('link', { name: 'Log in' });
    expect(login.getAttribute('href')).toBe(`/openid/authentication?returnTo=${encodeURIComponent('/events-all?organizer=3')}&lang=en`);
  });

  it('opens the signed-in user\'s menu by keyboard: my orders, my profile, log out; Escape closes it on the button', async () => {
    renderApp('/', accountApi(makeUser()), loginOnContext());
    const button = await screen.findByRole('button', { name: 'Signed in as Ada Lovelace' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'My orders' })).toBeNull();
    button.focus();
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'My orders' }).getAttribute('href')).toBe('/my-orders');
    expect(screen.getByRole('link', { name: 'My profile' }).getAttribute('href')).toBe('/my-profile');
    const logout = screen.getByRole('button', { name: 'Log out' });
    logout.focus();
    fireEvent.keyDown(logout, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
  });

  describe('in another site\'s frame (no cookie of ours reaches it)', () => {
    beforeEach(() => Object.defineProperty(window, 'parent', { value: { postMessage: vi.fn() }, configurable: true }));
    afterEach(() => Object.defineProperty(window, 'parent', { value: window, configurable: true }));

    it('offers no login', async () => {
      const { calls } = renderApp('/events-all?organizer=3', accountApi(null), loginOnContext());
      expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
      // the menu has asked who is signed in (unframed, the link shows once that is answered)
      await waitFor(() => expect(calls).toContain(`${USER_API}/me`));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    });

    it('opens the brand link home in a new tab, not in the host\'s frame (home is not embeddable)', async () => {
      renderApp('/events-all?organizer=3', accountApi(null), loginOnContext());
      const brand = await screen.findByRole('link', { name: 'Tickets' });
      expect([brand.getAttribute('target'), brand.getAttribute('rel')]).toEqual(['_blank', 'noopener']);
    });

    it('leaves my orders and my profile out of the menu, logout in', async () => {
      renderApp('/', accountApi(makeUser()), loginOnContext());
      fireEvent.click(await screen.findByRole('button', { name: 'Signed in as Ada Lovelace' }));
      expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'My orders' })).toBeNull();
      expect(screen.queryByRole('link', { name: 'My profile' })).toBeNull();
    });
  });

  it('logs out: POST /user/logout, then home with the login link instead of the menu', async () => {
    const { requests, router } = renderApp('/events-all', { ...accountApi(makeUser()), [`POST ${USER_API}/logout`]: { targetUrl: '/', empty: false } }, loginOnContext());
    fireEvent.click(await screen.findByRole('button', { name: 'Signed in as Ada Lovelace' }));
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([`${USER_API}/logout`]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('says once, back home after a deletion, that the profile was deleted', async () => {
    setProfileDeletedFlag();
    renderApp('/', accountApi(null), loginOnContext());
    expect((await screen.findByRole('status')).textContent).toContain('Your profile has been deleted.');
    expect(takeProfileDeletedFlag()).toBe(false);
  });

  it('says once, on the first page after the login that registered the person, that the sign-up is complete', async () => {
    const marked = document.createElement('div');
    marked.id = 'root';
    marked.setAttribute('data-signed-up', '');
    document.body.append(marked);
    try {
      renderApp('/', accountApi(makeUser()), loginOnContext());
      expect((await screen.findByRole('status')).textContent).toContain('Sign-up complete!');
      expect(marked.hasAttribute('data-signed-up')).toBe(false);
    } finally {
      marked.remove();
    }
  });

  it('shows no sign-up toast on a page the server did not mark', async () => {
    renderApp('/', accountApi(makeUser()), loginOnContext());
    expect(await screen.findByRole('button', { name: /Ada/ })).toBeTruthy();
    expect(screen.queryByText('Sign-up complete!')).toBeNull();
  });
});
