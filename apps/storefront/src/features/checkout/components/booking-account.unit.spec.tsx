import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { createTestContext } from '../../../test/test-context';
import { accountApi, loginOnContext, makeProfile, makeUser } from '../../account/account-fixtures';
import { emptyBookingForm } from '../../booking';
import { BOOK, checkoutApi, makeField, makeReservation, makeTicket, RESERVATION, SHORT_NAME, TICKET_1, TICKET_2 } from '../checkout-fixtures';

const region = (name: string | RegExp) => screen.getByRole('region', { name });
const value = (scope: HTMLElement, name: string | RegExp) => (within(scope).getByRole('textbox', { name }) as HTMLInputElement).value;

/** The booking step with login on (spec 2, Booking step; spec 6, signed-in user). */
describe('booking step: login suggestion and profile prefill', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('suggests logging in to an anonymous visitor, by the reservation\'s login route (in the page\'s language)', async () => {
    renderApp(BOOK, { ...checkoutApi(makeReservation()), ...accountApi(null) }, loginOnContext());
    const contact = await screen.findByRole('region', { name: 'Your details' });
    const login = await within(contact).findByRole('link', { name: 'Log in' });
    expect(login.getAttribute('href')).toBe(`/openid/event/${SHORT_NAME}/reservation/${RESERVATION}?lang=en`);
    expect(within(contact).getByText('You can continue as a guest or log in for a faster checkout.')).toBeTruthy();
  });

  it('suggests no login in another site\'s frame (no cookie of ours reaches it)', async () => {
    Object.defineProperty(window, 'parent', { value: { postMessage: vi.fn() }, configurable: true });
    try {
      const { calls } = renderApp(BOOK, { ...checkoutApi(makeReservation()), ...accountApi(null) }, loginOnContext());
      const contact = await screen.findByRole('region', { name: 'Your details' });
      await waitFor(() => expect(calls).toContain('/api/v2/public/user/me'));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(within(contact).queryByRole('link', { name: 'Log in' })).toBeNull();
    } finally {
      Object.defineProperty(window, 'parent', { value: window, configurable: true });
    }
  });

  it('keeps what the visitor typed before following the login link (the preparation)', async () => {
    renderApp(BOOK, { ...checkoutApi(makeReservation()), ...accountApi(null) }, loginOnContext());
    const contact = await screen.findByRole('region', { name: 'Your details' });
    const login = await within(contact).findByRole('link', { name: 'Log in' });
    fireEvent.change(within(contact).getByRole('textbox', { name: /First name/ }), { target: { value: 'Grace' } });
    // the link is followed: the click is not prevented
    expect(fireEvent.click(login)).toBe(true);
    expect(JSON.parse(sessionStorage.getItem(`ticketing.login-draft.${RESERVATION}`)!)).toMatchObject({ firstName: 'Grace' });
  });

  it('stays and says it cannot log in when the browser refuses to keep the form (spec 8)', async () => {
    renderApp(BOOK, { ...checkoutApi(makeReservation()), ...accountApi(null) }, loginOnContext());
    const login = await within(await screen.findByRole('region', { name: 'Your details' })).findByRole('link', { name: 'Log in' });
    // a private window's storage: nothing can be kept
    const refusing = {
      getItem: () => null,
      removeItem: () => undefined,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    };
    vi.stubGlobal('sessionStorage', refusing);
    expect(fireEvent.click(login)).toBe(false);
    const toast = await waitFor(() => {
      const found = screen.getAllByRole('alert').find((a) => a.textContent?.includes('Cannot proceed with the login. Please try again.'));
      expect(found).toBeTruthy();
      return found!;
    });
    expect(within(toast).getByRole('button', { name: 'Close notification' })).toBeTruthy();
  });

  it('comes back from the login as the visitor left it, the profile filling what is still empty', async () => {
    sessionStorage.setItem(`ticketing.login-draft.${RESERVATION}`, JSON.stringify({ ...emptyBookingForm, firstName: 'Grace', tickets: { [TICKET_1]: { firstName: 'Mia', lastName: '', email: '', userLanguage: 'en', additional: {} } } }));
    renderApp(BOOK, { ...checkoutApi(makeReservation()), ...accountApi(makeUser()) }, loginOnContext());
    const contact = await screen.findByRole('region', { name: 'Your details' });
    await waitFor(() => expect(value(contact, /Email/)).toBe('ada@example.org'));
    expect(value(contact, /First name/)).toBe('Grace');
    expect(value(contact, /Last name/)).toBe('Lovelace');
    expect(value(region('Regular, ticket 1'), /First name/)).toBe('Mia');
    expect(sessionStorage.getItem(`ticketing.login-draft.${RESERVATION}`)).toBeNull();
  });

  it('suggests nothing and asks nothing with login off', async () => {
    const { calls } = renderApp(BOOK, { ...checkoutApi(makeReservation()), ...accountApi(null, [], false) }, createTestContext({ lang: 'en' }));
    expect(await screen.findByRole('region', { name: 'Your details' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(calls.filter((c) => c.includes('/user/'))).toEqual([]);
  });

  it('prefills a signed-in user\'s contact and first ticket (with their additional data) from the profile', async () => {
    const reservation = makeReservation({
      ticketsByCategory: [
        { name: 'Regular', ticketAccessType: 'INHERIT', tickets: [makeTicket(TICKET_1, { ticketFieldConfigurationAfterStandard: [makeField('company')] }), makeTicket(TICKET_2)] },
      ],
    });
    const user = makeUser({ profile: makeProfile({}, { company: { label: {}, values: ['Analytical Engines Ltd'] } }) });
    renderApp(BOOK, { ...checkoutApi(reservation), ...accountApi(user) }, loginOnContext());
    const contact = await screen.findByRole('region', { name: 'Your details' });
    await waitFor(() => expect(value(contact, /First name/)).toBe('Ada'));
    expect(value(contact, /Last name/)).toBe('Lovelace');
    expect(value(contact, /Email/)).toBe('ada@example.org');
    expect(within(contact).queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(value(region('Regular, ticket 1'), /First name/)).toBe('Ada');
    expect(value(region('Regular, ticket 1'), /Label company/)).toBe('Analytical Engines Ltd');
    // the first ticket only
    expect(value(region('Regular, ticket 2'), /First name/)).toBe('');
  });

  it('keeps what the reservation holds already', async () => {
    const reservation = makeReservation({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.org' });
    renderApp(BOOK, { ...checkoutApi(reservation), ...accountApi(makeUser()) }, loginOnContext());
    const contact = await screen.findByRole('region', { name: 'Your details' });
    await waitFor(() => expect(value(region('Regular, ticket 1'), /First name/)).toBe('Ada'));
    expect(value(contact, /First name/)).toBe('Grace');
    expect(value(contact, /Email/)).toBe('grace@example.org');
  });
});
