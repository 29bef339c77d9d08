import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { createTestContext } from '../../../test/test-context';
import { accountApi, loginOnContext, makeProfile, makeUser } from '../../account/account-fixtures';
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

  it('suggests logging in to an anonymous visitor, by the reservation\'s login route', async () => {
    renderApp(BOOK, { ...checkoutApi(makeReservation()), ...accountApi(null) }, loginOnContext());
    const contact = await screen.findByRole('region', { name: 'Your details' });
    const login = await within(contact).findByRole('link', { name: 'Log in' });
    expect(login.getAttribute('href')).toBe(`/openid/event/${SHORT_NAME}/reservation/${RESERVATION}`);
    expect(within(contact).getByText('You can continue as a guest or log in for a faster checkout.')).toBeTruthy();
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
