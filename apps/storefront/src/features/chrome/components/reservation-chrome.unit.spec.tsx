import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeEvent } from '../../../test/catalog-fixtures';
import { renderApp } from '../../../test/render-app';
import { accountApi, loginOnContext, makeUser } from '../../account/account-fixtures';
import type { ReservationInfo } from '../../../api/reservation-queries';
import { checkoutApi, makeReservation, RESERVATION, SHORT_NAME } from '../../checkout/checkout-fixtures';

const PAGE = `/event/${SHORT_NAME}/reservation/${RESERVATION}`;
const event = makeEvent(SHORT_NAME, { termsAndConditionsUrl: 'https://example.org/terms', privacyPolicyUrl: 'https://example.org/privacy' });

// the site's header comes first (a page may have a header of its own)
const topBar = async () => (await screen.findAllByRole('banner'))[0]!;
const topLogin = async () => within(await topBar()).queryByRole('link', { name: 'Log in' });
const findTopLogin = async () => within(await topBar()).findByRole('link', { name: 'Log in' });
const footerLinks = () => screen.queryByRole('navigation', { name: 'Legal information' });

function render(page: string, reservation: ReservationInfo, user: ReturnType<typeof makeUser> | null = null) {
  return renderApp(`${PAGE}/${page}`, { ...checkoutApi(reservation, {}, event), ...accountApi(user) }, loginOnContext());
}

/** Spec 2, Chrome: on a reservation's pages the last path segment decides what the top bar and the footer offer. */
describe("chrome on a reservation's pages", () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("book: the footer's links, no login in the top bar (the contact section suggests its own)", async () => {
    render('book', makeReservation());
    const contact = await screen.findByRole('region', { name: 'Your details' });
    expect(await within(contact).findByRole('link', { name: 'Log in' })).toBeTruthy();
    const legal = footerLinks()!;
    expect(within(legal).getByRole('link', { name: /terms/i }).getAttribute('href')).toBe('https://example.org/terms');
    expect(within(legal).getByRole('link', { name: /privacy/i }).getAttribute('href')).toBe('https://example.org/privacy');
    expect(await topLogin()).toBeNull();
  });

  it('overview: neither the login nor the footer links', async () => {
    const { calls } = render('overview', makeReservation({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.org', validatedBookingInformation: true }));
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    // the top bar's account part is on screen and has asked who the visitor is: anonymous
    await waitFor(() => expect(calls).toContain('/api/v2/public/user/me'));
    expect(await topLogin()).toBeNull();
    expect(footerLinks()).toBeNull();
  });

  it('success: the login in the top bar, coming back to the page; no footer links', async () => {
    render('success', makeReservation({ status: 'COMPLETE', firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.org', validatedBookingInformation: true }));
    const login = await findTopLogin();
    expect(new URL(login.getAttribute('href')!, 'http://x').searchParams.get('returnTo')).toBe(`${PAGE}/success`);
    expect(footerLinks()).toBeNull();
  });

  it("keeps a signed-in visitor's menu on every page of the reservation", async () => {
    render('overview', makeReservation({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', validatedBookingInformation: true }), makeUser());
    expect(await within(await topBar()).findByRole('button', { name: 'Signed in as Ada Lovelace' })).toBeTruthy();
  });

  it("offers both off a reservation's pages: the event's page", async () => {
    renderApp(`/event/${SHORT_NAME}`, { ...checkoutApi(makeReservation(), {}, event), ...accountApi(null) }, loginOnContext());
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(await findTopLogin()).toBeTruthy();
    expect(footerLinks()).toBeTruthy();
  });
});
