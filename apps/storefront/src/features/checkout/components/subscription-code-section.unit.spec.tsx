import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeEvent } from '../../../test/catalog-fixtures';
import { renderApp } from '../../../test/render-app';
import { createTestContext } from '../../../test/test-context';
import type { ReservationInfo } from '../../../api/reservation-queries';
import { API, BOOK, checkoutApi, makeReservation, makeTicket, OVERVIEW, RESERVATION, SHORT_NAME, TICKET_1 } from '../checkout-fixtures';

const APPLY = `POST ${API}/reservation/${RESERVATION}/apply-code`;
const REMOVE = `DELETE ${API}/reservation/${RESERVATION}/remove-code`;
const VALIDATE = `POST ${API}/reservation/${RESERVATION}/validate-to-overview`;
const PASS_ID = '3b241101-e2bb-4255-8caf-4136c566a962';
const linkedEvent = makeEvent(SHORT_NAME, { canApplySubscriptions: true });

/** The overview's reservation, paid by a pass or not: the server's summary either way (reference 2, OrderSummary). */
function reservation(passApplied: boolean): ReservationInfo {
  const base = makeReservation({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.org', validatedBookingInformation: true });
  if (!passApplied) return base;
  return {
    ...base,
    orderSummary: {
      ...base.orderSummary,
      summary: [
        ...base.orderSummary.summary,
        { name: 'Seeklang concert pass', amount: 1, price: '-100.00', subTotal: '-100.00', type: 'APPLIED_SUBSCRIPTION', taxPercentage: null },
      ],
      totalPrice: '0',
      free: true,
      displayVat: false,
      priceInCents: 0,
      totalVAT: '0',
    },
  } as ReservationInfo;
}

/** A server whose reservation has the pass once apply-code said so, and loses it on remove-code. */
function passServer(state: { applied: boolean }, apply: (body: unknown) => unknown) {
  return checkoutApi(
    reservation(state.applied),
    {
      [`GET ${API}/reservation/${RESERVATION}`]: () => reservation(state.applied),
      [APPLY]: (_url: URL, request: { body?: unknown }) => apply(request.body),
      [REMOVE]: () => {
        const was = state.applied;
        state.applied = false;
        return was;
      },
    },
    linkedEvent,
  );
}

const refused = (code: string, entered: string) => ({
  success: false,
  value: false,
  errorCount: 1,
  warnings: [],
  validationErrors: [{ fieldName: 'reservationCodeForm', code, arguments: { '0': entered } }],
});
const applied = { success: true, value: true, errorCount: 0, warnings: [], validationErrors: [] };

const passSection = () => screen.findByRole('region', { name: 'Subscription' });
const summaryRows = () => within(screen.getByRole('table', { name: 'Order summary' })).getAllByRole('row').map((r) => r.textContent);
const codeField = (scope: HTMLElement) => within(scope).getByRole('textbox', { name: /Enter your subscription code/ }) as HTMLInputElement;

async function openForm() {
  const section = await passSection();
  const toggle = within(section).getByRole('button', { name: 'Register using your subscription code' });
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  fireEvent.click(toggle);
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  return section;
}

describe('overview: the subscription code form (spec 2, 5, 6, 8)', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens on request and gives the code field the focus 200 ms later (spec 9)', async () => {
    renderApp(OVERVIEW, passServer({ applied: false }, () => applied));
    const section = await passSection();
    expect(within(section).queryByRole('textbox')).toBeNull();
    vi.useFakeTimers();
    fireEvent.click(within(section).getByRole('button', { name: 'Register using your subscription code' }));
    const field = codeField(section);
    expect(field.required).toBe(true);
    vi.advanceTimersByTime(199);
    expect(document.activeElement).not.toBe(field);
    vi.advanceTimersByTime(1);
    expect(document.activeElement).toBe(field);
  });

  it("applies a PIN with the buyer's e-mail: the summary gains the pass row and the order becomes free; the remove button takes the focus", async () => {
    const state = { applied: false };
    const { requests } = renderApp(
      OVERVIEW,
      passServer(state, () => {
        state.applied = true;
        return applied;
      }),
    );
    const section = await openForm();
    fireEvent.change(codeField(section), { target: { value: ' K7QX-M2PA ' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Apply code' }));
    await waitFor(() => expect(summaryRows()).toContain('Subscription: Seeklang concert pass1-100.00 CHF-100.00 CHF'));
    expect(summaryRows().at(-1)).toBe('TotalFree');
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({ code: 'K7QX-M2PA', email: 'grace@example.org', amount: 1, type: 'SUBSCRIPTION' });
    expect(within(section).getByRole('status').textContent).toBe('The subscription code has been applied.');
    const remove = within(section).getByRole('button', { name: 'Remove the applied subscription from the order' });
    await waitFor(() => expect(document.activeElement).toBe(remove));
    expect(screen.queryByRole('radiogroup', { name: 'Payment' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Confirm registration' })).toBeTruthy();
  });

  it('asks for a code before calling, and shows a refusal under the field with the entered code, announced', async () => {
    const { requests } = renderApp(OVERVIEW, passServer({ applied: false }, (body) => refused('subscription.pin.not.found', (body as { code: string }).code)));
    const section = await openForm();
    const apply = within(section).getByRole('button', { name: 'Apply code' });
    fireEvent.click(apply);
    const field = codeField(section);
    expect(within(section).getByRole('alert').textContent).toBe('This field is required.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.change(field, { target: { value: 'ZZZZ9999' } });
    fireEvent.click(apply);
    await waitFor(() => expect(within(section).getByRole('alert').textContent).toBe('No subscription with the PIN "ZZZZ9999" was found.'));
    expect(document.getElementById(field.getAttribute('aria-describedby')!)!.textContent).toContain('ZZZZ9999');
    expect(document.activeElement).toBe(field);
    expect(summaryRows().at(-1)).toBe('Total100.00 CHF');
    expect(within(section).queryByRole('button', { name: /Remove/ })).toBeNull();
  });

  it('says so in German when the pass has no entries left', async () => {
    const api = { ...passServer({ applied: false }, (body) => refused('subscription.max-usage-reached', (body as { code: string }).code)) };
    api[`${API}/event/${SHORT_NAME}`] = makeEvent(SHORT_NAME, { canApplySubscriptions: true, langs: ['en', 'de'] });
    renderApp(OVERVIEW, api, createTestContext({ lang: 'de' }));
    const section = await screen.findByRole('region', { name: 'Abonnement' });
    fireEvent.click(within(section).getByRole('button', { name: 'Mit Ihrem Abonnementcode anmelden' }));
    fireEvent.change(within(section).getByRole('textbox', { name: /Abonnementcode ein/ }), { target: { value: PASS_ID } });
    fireEvent.click(within(section).getByRole('button', { name: 'Code anwenden' }));
    await waitFor(() => expect(within(section).getByRole('alert').textContent).toBe('Sie haben die Nutzungsgrenze Ihres Abonnements erreicht.'));
  });

  it('tells the buyer when the pass pays for no ticket of the order (false without a reason)', async () => {
    renderApp(OVERVIEW, passServer({ applied: false }, () => ({ ...applied, value: false })));
    const section = await openForm();
    fireEvent.change(codeField(section), { target: { value: PASS_ID } });
    fireEvent.click(within(section).getByRole('button', { name: 'Apply code' }));
    await waitFor(() => expect(within(section).getByRole('alert').textContent).toBe('This subscription cannot pay for any ticket of this order.'));
  });

  it('removes an applied pass: the total comes back, the ways to pay too, and the focus goes to the form toggle', async () => {
    const state = { applied: true };
    const { requests } = renderApp(OVERVIEW, passServer(state, () => applied));
    const section = await passSection();
    expect(summaryRows().at(-1)).toBe('TotalFree');
    // applied before the page opened (the subscription link): the section says so
    expect(within(section).getByRole('status').textContent).toBe('The subscription code has been applied.');
    const remove = within(section).getByRole('button', { name: 'Remove the applied subscription from the order' });
    // asked first: 'No' keeps the pass, nothing sent
    fireEvent.click(remove);
    const ask = await screen.findByRole('dialog', { name: 'Remove the applied subscription?' });
    expect(ask.textContent).toContain('you will need its PIN or ID');
    fireEvent.click(within(ask).getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    fireEvent.click(remove);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(summaryRows().at(-1)).toBe('Total100.00 CHF'));
    expect(requests.find((r) => r.method === 'DELETE')!.url).toBe(`${API}/reservation/${RESERVATION}/remove-code?type=SUBSCRIPTION`);
    expect(within(section).getByRole('status').textContent).toBe('The subscription has been removed.');
    const toggle = within(section).getByRole('button', { name: 'Register using your subscription code' });
    await waitFor(() => expect(document.activeElement).toBe(toggle));
    expect(screen.getByRole('radiogroup', { name: 'Payment' })).toBeTruthy();
  });

  it('is not offered for an event no pass is linked to', async () => {
    renderApp(OVERVIEW, checkoutApi(reservation(false)));
    await screen.findByRole('table', { name: 'Order summary' });
    expect(screen.queryByRole('region', { name: 'Subscription' })).toBeNull();
  });
});

describe('booking step: the subscription link (spec 4)', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  /** A booking step whose contact is known and whose one ticket is assigned: Continue needs no typing. */
  function bookingServer(apply: unknown) {
    const state = { validated: false };
    const filled = makeReservation({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.org',
      ticketsByCategory: [{ name: 'Regular', ticketAccessType: 'INHERIT', tickets: [makeTicket(TICKET_1, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' })] }],
    });
    return checkoutApi(
      filled,
      {
        [`${API}/reservation/${RESERVATION}/status`]: () => ({ status: 'PENDING', validatedBookingInformation: state.validated }),
        [APPLY]: apply,
        [VALIDATE]: () => {
          state.validated = true;
          return { success: true, value: true, errorCount: 0, validationErrors: [], warnings: [] };
        },
      },
      linkedEvent,
    );
  }

  it("applies the link's pass (amount 1, with the contact e-mail being submitted) before validating, then goes to the overview", async () => {
    const { requests, router } = renderApp(`${BOOK}?subscription=${PASS_ID}`, bookingServer(applied));
    const contact = await screen.findByRole('region', { name: 'Your details' });
    fireEvent.change(within(contact).getByRole('textbox', { name: /Email/ }), { target: { value: 'grace.hopper@example.org' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(OVERVIEW));
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.url.split('?')[0])).toEqual([`${API}/reservation/${RESERVATION}/apply-code`, `${API}/reservation/${RESERVATION}/validate-to-overview`]);
    expect(posts[0]!.body).toEqual({ code: PASS_ID, email: 'grace.hopper@example.org', amount: 1, type: 'SUBSCRIPTION' });
    expect(router.state.location.search).toMatchObject({ subscription: PASS_ID });
  });

  it('applies it once per reservation: a pass taken off in the overview is not applied again by the next Continue', async () => {
    const first = renderApp(`${BOOK}?subscription=${PASS_ID}`, bookingServer(applied));
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe(OVERVIEW));
    cleanup();
    // back on the booking step of the same reservation (same tab), with the link still in the address
    const again = renderApp(`${BOOK}?subscription=${PASS_ID}`, bookingServer(applied));
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(again.router.state.location.pathname).toBe(OVERVIEW));
    expect(first.requests.filter((r) => r.url.includes('apply-code'))).toHaveLength(1);
    expect(again.requests.filter((r) => r.url.includes('apply-code'))).toHaveLength(0);
  });

  it('reaches the overview even when the pass is refused or the call fails', async () => {
    for (const answer of [refused('subscription.max-usage-reached', PASS_ID), { status: 500 }]) {
      sessionStorage.clear();
      const { router, requests } = renderApp(`${BOOK}?subscription=${PASS_ID}`, bookingServer(answer));
      fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(OVERVIEW));
      expect(requests.filter((r) => r.url.includes('apply-code'))).toHaveLength(1);
      cleanup();
    }
  });

  it('applies nothing for a subscription parameter that is not a UUID v4', async () => {
    const { requests, router } = renderApp(`${BOOK}?subscription=3b241101-e2bb-1255-8caf-4136c566a962`, bookingServer(applied));
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(OVERVIEW));
    expect(requests.filter((r) => r.url.includes('apply-code')).map((r) => r.body)).toEqual([]);
  });
});
