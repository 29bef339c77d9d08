import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCategory, makeEvent, makeItems, makeService } from '../../../test/catalog-fixtures';
import type { FakeRequest } from '../../../test/catalog-fixtures';
import { renderApp } from '../../../test/render-app';
import { makeReservation } from '../../checkout/checkout-fixtures';

const API = '/api/v2/public/event/concert';
const RESERVE = `POST ${API}/reserve-tickets`;
const RESERVATION_ID = '4b7e2f8a-1c3d-4e5f-9a0b-1c2d3e4f5a6b';
const reserved = { success: true, errorCount: 0, validationErrors: [], value: RESERVATION_ID, warnings: [] };
const refused = (...errors: { code: string; arguments?: Record<string, unknown> | null }[]) => ({
  status: 422,
  body: { success: false, errorCount: errors.length, validationErrors: errors.map((e) => ({ fieldName: 'reservationForm', arguments: null, ...e })), value: null, warnings: [] },
});

const items = makeItems({
  ticketCategories: [
    makeCategory(1, 'Festival pass', { maximumSaleableTickets: 4 }),
    makeCategory(2, 'Day ticket', { maximumSaleableTickets: 2 }),
    makeCategory(3, 'Workshop', { saleInFuture: true, saleableAndLimitNotReached: false }),
    makeCategory(4, 'Balcony', { saleableAndLimitNotReached: false, soldOutOrLimitReached: true }),
  ],
  additionalServices: [
    makeService(20, 'SUPPLEMENT', 'T-shirt', { supplementPolicy: 'OPTIONAL_MAX_AMOUNT_PER_TICKET', maxQtyPerOrder: 2, availableQuantity: 400 }),
    makeService(21, 'SUPPLEMENT', 'Parking', { supplementPolicy: 'OPTIONAL_MAX_AMOUNT_PER_RESERVATION', maxQtyPerOrder: 1, availableQuantity: 120 }),
    makeService(22, 'SUPPLEMENT', 'Cleaning fee', { supplementPolicy: 'MANDATORY_ONE_FOR_TICKET', maxQtyPerOrder: 1 }),
    makeService(23, 'SUPPLEMENT', 'Hoodie', { supplementPolicy: 'OPTIONAL_MAX_AMOUNT_PER_RESERVATION', availableQuantity: 0 }),
    makeService(24, 'DONATION', 'Young musicians', { fixPrice: false, formattedFinalPrice: '0.00' }),
  ],
});

function api(overrides: Parameters<typeof renderApp>[1] = {}) {
  return {
    [API]: makeEvent('concert'),
    [`${API}/ticket-categories`]: items,
    [`POST ${API}/check-discount`]: { status: 204 },
    [RESERVE]: reserved,
    // the reservation pages' status guard: a fresh reservation belongs on the booking step
    [`/api/v2/public/reservation/${RESERVATION_ID}/status`]: { status: 'PENDING', validatedBookingInformation: false },
    // the booking step the reserve lands on reads the reservation
    [`/api/v2/public/reservation/${RESERVATION_ID}`]: makeReservation({ id: RESERVATION_ID, shortId: RESERVATION_ID.slice(0, 8).toUpperCase() }),
    ...overrides,
  };
}

const select = (name: string) => screen.getByRole('combobox', { name: `Quantity for ${name}` });
const options = (element: HTMLElement) => within(element).getAllByRole('option').map((o) => o.textContent);
const choose = (name: string, quantity: number) => fireEvent.change(select(name), { target: { value: String(quantity) } });
const continueButton = () => screen.getByRole('button', { name: /Continue|Reserving your tickets/ });
const reserveRequests = (requests: readonly FakeRequest[]) => requests.filter((r) => r.method === 'POST' && r.url.includes('/reserve-tickets'));

describe('choosing tickets and supplements on the event page', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('offers 0..maximumSaleableTickets per category on sale, and no select when sold out or not on sale yet', async () => {
    renderApp('/event/concert', api());
    await screen.findByRole('heading', { level: 1 });
    expect(options(select('Festival pass'))).toEqual(['0', '1', '2', '3', '4']);
    expect(options(select('Day ticket'))).toEqual(['0', '1', '2']);
    expect(screen.queryByRole('combobox', { name: 'Quantity for Workshop' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Quantity for Balcony' })).toBeNull();
    // a native select with a visible label: the label focuses it
    expect(select('Festival pass').tagName).toBe('SELECT');
    expect(screen.getAllByText('Quantity', { selector: 'label' }).length).toBeGreaterThanOrEqual(2);
  });

  it('bounds a per-ticket supplement by the tickets chosen, a per-order one by its maximum; mandatory ones are included', async () => {
    renderApp('/event/concert', api());
    await screen.findByRole('heading', { level: 1 });
    expect(options(select('T-shirt'))).toEqual(['0']);
    expect((select('T-shirt') as HTMLSelectElement).disabled).toBe(true);
    expect(options(select('Parking'))).toEqual(['0', '1']);

    choose('Festival pass', 2);
    choose('Day ticket', 1);
    expect(options(select('T-shirt'))).toEqual(['0', '1', '2', '3', '4', '5', '6']);
    choose('T-shirt', 6);
    choose('Festival pass', 1);
    // fewer tickets, fewer T-shirts: the choice follows the new maximum
    expect(options(select('T-shirt'))).toEqual(['0', '1', '2', '3', '4']);
    expect((select('T-shirt') as HTMLSelectElement).value).toBe('4');

    const supplements = screen.getByRole('region', { name: 'Additional options' });
    const cleaning = within(supplements).getAllByRole('listitem').find((li) => within(li).queryByRole('heading', { name: 'Cleaning fee' }))!;
    expect(within(cleaning).getByText('Added once to every ticket')).toBeTruthy();
    expect(within(cleaning).queryByRole('combobox')).toBeNull();
    const hoodie = within(supplements).getAllByRole('listitem').find((li) => within(li).queryByRole('heading', { name: 'Hoodie' }))!;
    expect(within(hoodie).getByText('Not available')).toBeTruthy();
    expect(within(hoodie).queryByRole('combobox')).toBeNull();

    const amount = within(screen.getByRole('region', { name: 'Donations' })).getByRole('spinbutton', { name: /^Donation amount in CHF.*Young musicians$/ });
    expect(amount.getAttribute('min')).toBe('0');
    fireEvent.change(amount, { target: { value: '-5' } });
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('The value must be at least 0.')).toBeTruthy();
  });

  it('reserves the selection in the current language and goes to the booking step, carrying the query', async () => {
    const { router, requests } = renderApp('/event/concert?tags=music&organizerSlug=seeklang&organizer=12', api());
    await screen.findByRole('heading', { level: 1 });
    choose('Festival pass', 2);
    choose('T-shirt', 1);
    choose('Parking', 1);
    fireEvent.change(screen.getByRole('spinbutton', { name: /Donation amount/ }), { target: { value: '12.50' } });
    fireEvent.click(continueButton());

    await waitFor(() => expect(router.state.location.pathname).toBe(`/event/concert/reservation/${RESERVATION_ID}/book`));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.searchStr))).toEqual({ tags: 'music', organizer: '12', organizerSlug: 'seeklang' });
    const [request] = reserveRequests(requests);
    expect(request!.url).toBe(`${API}/reserve-tickets?lang=en`);
    expect(request!.body).toEqual({
      reservation: [{ ticketCategoryId: 1, amount: 2 }],
      additionalService: [
        { additionalServiceId: 20, quantity: 1, amount: null },
        { additionalServiceId: 21, quantity: 1, amount: null },
        { additionalServiceId: 24, quantity: 1, amount: '12.50' },
      ],
      promoCode: null,
      captcha: null,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact details' })).toBeTruthy();
  });

  it('sends a donation as the text typed, so a tiny amount is no 1e-7 the server refuses', async () => {
    const { router, requests } = renderApp('/event/concert', api());
    await screen.findByRole('heading', { level: 1 });
    choose('Festival pass', 1);
    fireEvent.change(screen.getByRole('spinbutton', { name: /Donation amount/ }), { target: { value: ' 0.0000001 ' } });
    fireEvent.click(continueButton());

    await waitFor(() => expect(router.state.location.pathname).toBe(`/event/concert/reservation/${RESERVATION_ID}/book`));
    expect(reserveRequests(requests)[0]!.body).toMatchObject({ additionalService: [{ additionalServiceId: 24, quantity: 1, amount: '0.0000001' }] });
  });

  it("refuses here an amount outside the server's grammar (17 digits, an exponent), and does not send it", async () => {
    const { router, requests } = renderApp('/event/concert', api());
    await screen.findByRole('heading', { level: 1 });
    choose('Festival pass', 1);
    const amount = screen.getByRole('spinbutton', { name: /Donation amount/ });
    for (const refused of ['12345678901234567', '1e3', '1.12345678901234567']) {
      fireEvent.change(amount, { target: { value: refused } });
      expect(amount.getAttribute('aria-invalid'), refused).toBe('true');
      expect(screen.getByText('The value is not in a valid format.')).toBeTruthy();
    }
    fireEvent.change(amount, { target: { value: '1234567890123456.5' } });
    expect(amount.getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(amount, { target: { value: '12345678901234567' } });
    fireEvent.click(continueButton());

    await waitFor(() => expect(router.state.location.pathname).toBe(`/event/concert/reservation/${RESERVATION_ID}/book`));
    expect(reserveRequests(requests)[0]!.body).toMatchObject({ additionalService: [] });
  });

  it('is busy while reserving and ignores a second submit', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const { requests, router } = renderApp('/event/concert', api({ [RESERVE]: () => new Promise((resolve) => (answer = resolve)) }));
    await screen.findByRole('heading', { level: 1 });
    choose('Day ticket', 1);
    fireEvent.click(continueButton());
    await waitFor(() => expect(continueButton().getAttribute('aria-busy')).toBe('true'));
    // disabled for assistive technology and for the handler, yet it keeps the focus
    expect(continueButton().getAttribute('aria-disabled')).toBe('true');
    expect(continueButton().textContent).toBe('Reserving your tickets…');
    fireEvent.submit((continueButton() as HTMLButtonElement).form!);
    fireEvent.click(continueButton());
    expect(reserveRequests(requests)).toHaveLength(1);
    answer(reserved);
    await waitFor(() => expect(router.state.location.pathname).toContain('/book'));
    expect(reserveRequests(requests)).toHaveLength(1);
  });

  it('asks for a ticket before calling the server', async () => {
    const { requests } = renderApp('/event/concert', api());
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(continueButton());
    expect(await screen.findByText('Please select at least one ticket.')).toBeTruthy();
    expect(screen.getByText('Please select at least one ticket.').closest('[role="alert"]')).toBeTruthy();
    expect(reserveRequests(requests)).toHaveLength(0);
  });

  it('shows the codes of a refusal translated with their arguments, an unknown code as itself, and reloads the categories', async () => {
    const { calls } = renderApp('/event/concert', api({ [RESERVE]: refused({ code: 'error.STEP_1_OVER_MAXIMUM', arguments: { '0': 4 } }, { code: 'error.SOMETHING_NEW' }) }));
    await screen.findByRole('heading', { level: 1 });
    const before = calls.filter((c) => c === `${API}/ticket-categories`).length;
    choose('Festival pass', 4);
    fireEvent.click(continueButton());
    const alert = (await screen.findByText('You have selected more tickets than allowed (maximum 4).')).closest('[role="alert"]')!;
    expect(within(alert as HTMLElement).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'You have selected more tickets than allowed (maximum 4).',
      'error.SOMETHING_NEW',
    ]);
    expect(continueButton().getAttribute('aria-disabled')).toBeNull();
    await waitFor(() => expect(calls.filter((c) => c === `${API}/ticket-categories`).length).toBe(before + 1));
  });

  it('shows any server failure as the unexpected error, on the page and as a toast (spec 8)', async () => {
    renderApp('/event/concert', api({ [RESERVE]: { status: 503 } }));
    await screen.findByRole('heading', { level: 1 });
    choose('Day ticket', 1);
    fireEvent.click(continueButton());
    const message = 'An unexpected error has occurred. Please try again.';
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
    const toast = screen.getAllByRole('alert').find((a) => within(a).queryByRole('button', { name: 'Close notification' }));
    expect(toast?.textContent).toContain(message);
  });

  it('shows the automatic discount for the chosen quantities, checked once they settle', async () => {
    const checks: unknown[] = [];
    renderApp(
      '/event/concert',
      api({
        [`POST ${API}/check-discount`]: (_url: URL, request: FakeRequest) => {
          checks.push(request.body);
          return { discount: '10', discountType: 'PERCENTAGE', formattedMessage: { en: 'Great! A 10% discount will be applied at checkout.' } };
        },
      }),
    );
    await screen.findByRole('heading', { level: 1 });
    expect(checks).toHaveLength(0);
    choose('Festival pass', 1);
    choose('Festival pass', 3);
    const message = await screen.findByText('Great! A 10% discount will be applied at checkout.', undefined, { timeout: 3000 });
    expect(message.closest('[role="status"]')).toBeTruthy();
    // the burst of changes made one call, with the settled quantities
    expect(checks).toEqual([{ reservation: [{ ticketCategoryId: 1, amount: 3 }], promoCode: null }]);
  });

  it('shows no automatic discount when the server has none (204)', async () => {
    const { calls } = renderApp('/event/concert', api());
    await screen.findByRole('heading', { level: 1 });
    choose('Day ticket', 2);
    await waitFor(() => expect(calls).toContain(`${API}/check-discount`), { timeout: 3000 });
    expect(screen.queryByText(/discount will be applied/)).toBeNull();
  });

  it('shows the all-tickets-reserved notice and refreshes the categories once for a burst of clicks', async () => {
    const held = makeItems({ ticketCategories: [makeCategory(1, 'Festival pass', { saleableAndLimitNotReached: false, soldOutOrLimitReached: true, containsPendingTickets: true })] });
    const { calls } = renderApp('/event/concert', api({ [`${API}/ticket-categories`]: held }));
    expect(await screen.findByText(/All the tickets of this category are currently reserved/)).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: /Quantity/ })).toBeNull();
    const before = calls.filter((c) => c === `${API}/ticket-categories`).length;
    const refresh = screen.getByRole('button', { name: 'Check availability again' });
    fireEvent.click(refresh);
    fireEvent.click(refresh);
    fireEvent.click(refresh);
    expect(await screen.findByText('Availability updated', undefined, { timeout: 3000 })).toBeTruthy();
    expect(calls.filter((c) => c === `${API}/ticket-categories`).length).toBe(before + 1);
  });
});
