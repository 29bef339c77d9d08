import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeRequest } from '../../../test/catalog-fixtures';
import { renderApp } from '../../../test/render-app';
import { API, checkoutApi, makeReservation, OVERVIEW, RESERVATION, SHORT_NAME } from '../checkout-fixtures';

/** Stripe.js, as the card field sees it: a factory whose card Element reports changes, and confirmCardPayment. */
const stripeJs = vi.hoisted(() => {
  const state: { onChange?: (event: { complete: boolean; error?: { message: string } }) => void; confirmed: unknown[]; key?: string } = { confirmed: [] };
  const card = { mount: () => undefined, destroy: () => undefined, on: (_: string, handler: NonNullable<typeof state.onChange>) => (state.onChange = handler) };
  const factory = (key: string) => {
    state.key = key;
    return {
      elements: () => ({ create: () => card }),
      confirmCardPayment: async (...args: unknown[]) => {
        state.confirmed.push(args);
        return { paymentIntent: { status: 'succeeded' } };
      },
    };
  };
  return { state, card, factory };
});
vi.mock('../card-payment/stripe-js', () => ({ STRIPE_JS_URL: 'https://js.stripe.com/v3/', loadStripeJs: async () => stripeJs.factory }));

/**
 * The overview's card and redirect payments (spec 2, 4, 8, 9) against the fake API. The Stripe stand-in the test
 * card form talks to is faked at the network boundary, by what its confirm call answers (libs/payments/src/stand-ins/stripe).
 */
const STAND_IN = 'http://127.0.0.1:40123';
const CONFIRM = `POST ${API}/reservation/${RESERVATION}`;
const INIT = `POST ${API}/reservation/${RESERVATION}/payment/CREDIT_CARD/init`;
const PAYMENT_STATUS = `${API}/reservation/${RESERVATION}/payment/CREDIT_CARD/status`;
const stripe = { paymentProxy: 'STRIPE', parameters: { stripe_p_key: 'pk_test_stand_in', enableSCA: true, platformMode: false, stripeConnectedAccount: null, testMode: true, apiBase: STAND_IN } };
const mollie = { paymentProxy: 'MOLLIE', parameters: { testMode: true } };
const allMethods = {
  BANK_TRANSFER: { paymentProxy: 'OFFLINE', parameters: { delayForOfflinePayment: 5 } },
  IDEAL: mollie,
  BANCONTACT: mollie,
  PAYPAL: { paymentProxy: 'PAYPAL', parameters: { testMode: true } },
  CREDIT_CARD: stripe,
};
const validated = (overrides: Parameters<typeof makeReservation>[0] = {}) =>
  makeReservation({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.org', validatedBookingInformation: true, ...overrides } as never);
const ok = { success: true, value: { success: true, redirect: false, redirectUrl: null, failure: false, gatewayIdOrNull: null }, errorCount: 0, validationErrors: [], warnings: [] };

/** The stand-in's confirm: declines 4000000000000002 (402), asks 3-D Secure for 4000002500003155, pays any other card. */
function standIn(calls: URLSearchParams[], hold?: Promise<void>) {
  return async (url: string, init: RequestInit = {}) => {
    const form = new URLSearchParams(String(init.body));
    calls.push(form);
    await hold;
    const id = /payment_intents\/([^/]+)\/confirm$/.exec(url)?.[1];
    const number = form.get('payment_method_data[card][number]');
    if (number === '4000000000000002') {
      return new Response(JSON.stringify({ error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } }), { status: 402 });
    }
    if (number === '4000002500003155') {
      return new Response(JSON.stringify({ id, status: 'requires_action', next_action: { type: 'redirect_to_url', redirect_to_url: { url: `${STAND_IN}/3ds/${id}` } } }));
    }
    return new Response(JSON.stringify({ id, status: 'succeeded', last_payment_error: null }));
  };
}

/** renderApp's fake API for the server, the stand-in for its own origin. */
function withStandIn(handler: ReturnType<typeof standIn>) {
  const app = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => (String(input).startsWith(STAND_IN) ? handler(String(input), init) : app(input, init)));
}

const payButton = () => screen.getByRole('button', { name: 'Pay' }) as HTMLButtonElement;

async function typeCard(number: string) {
  fireEvent.change(await screen.findByRole('textbox', { name: /^Card number/ }), { target: { value: number } });
  fireEvent.change(screen.getByRole('textbox', { name: /^Expiry month/ }), { target: { value: '12' } });
  fireEvent.change(screen.getByRole('textbox', { name: /^Expiry year/ }), { target: { value: '2034' } });
  fireEvent.change(screen.getByRole('textbox', { name: /^Security code/ }), { target: { value: '123' } });
}

describe('paying on the overview (spec 4)', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('lists every method in the order of spec 9, one under the other above three, each with its description', async () => {
    renderApp(OVERVIEW, checkoutApi(validated({ activePaymentMethods: allMethods as never })));
    const group = await screen.findByRole('radiogroup', { name: 'Payment' });
    const radios = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => r.labels?.[0]?.textContent)).toEqual(['Credit card', 'PayPal', 'iDEAL', 'Bancontact', 'Bank transfer']);
    expect(group.className).toContain('payment-methods--vertical');
    const description = (radio: HTMLInputElement) => document.getElementById(radio.getAttribute('aria-describedby')!)!.textContent;
    expect(description(radios[0]!)).toMatch(/^Fast and secure/);
    expect(description(radios[1]!)).toMatch(/PayPal's secure checkout/);
    expect(description(radios[2]!)).toMatch(/Mollie's secure checkout/);
  });

  it('confirms a redirect method with its provider and leaves for the address the server answers', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { requests } = renderApp(
      OVERVIEW,
      checkoutApi(validated({ activePaymentMethods: allMethods as never }), {
        [CONFIRM]: { ...ok, value: { ...ok.value, redirect: true, redirectUrl: 'http://127.0.0.1:40200/checkout/tr_1' } },
      }),
    );
    fireEvent.click(await screen.findByRole('radio', { name: 'iDEAL' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://127.0.0.1:40200/checkout/tr_1'));
    expect(requests.find((r) => r.method === 'POST')!.body).toMatchObject({ paymentProxy: 'MOLLIE', selectedPaymentMethod: 'IDEAL' });
  });

  it('with a held payment token offers only its provider, the terms accepted, and lets go of it on request', async () => {
    let held = true;
    const { requests } = renderApp(
      OVERVIEW,
      checkoutApi(validated(), {
        [`GET ${API}/reservation/${RESERVATION}`]: () =>
          held ? validated({ activePaymentMethods: allMethods as never, tokenAcquired: true, paymentProxy: 'STRIPE' }) : validated({ activePaymentMethods: allMethods as never }),
        [`DELETE ${API}/reservation/${RESERVATION}/payment/token`]: () => {
          held = false;
          return true;
        },
      }),
    );
    const group = await screen.findByRole('radiogroup', { name: 'Payment' });
    expect(within(group).getAllByRole('radio').map((r) => (r as HTMLInputElement).labels?.[0]?.textContent)).toEqual(['Credit card']);
    expect((screen.getByRole('checkbox', { name: /terms and conditions/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Your payment has been authorized: confirm the order to complete it.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Use a different payment method' }));
    await waitFor(() => expect(within(screen.getByRole('radiogroup', { name: 'Payment' })).getAllByRole('radio')).toHaveLength(5));
    expect(screen.queryByRole('button', { name: 'Use a different payment method' })).toBeNull();
    const calls = requests.map((r: FakeRequest) => `${r.method} ${r.url}`);
    expect(calls.indexOf(`DELETE ${API}/reservation/${RESERVATION}/payment/token`)).toBeLessThan(calls.lastIndexOf(`GET ${API}/reservation/${RESERVATION}`));
  });

  it("opens with the last payment's failure in the buyer's language: the text of a known provider code, else the provider's words", async () => {
    const { unmount } = renderApp(OVERVIEW, checkoutApi(validated({ activePaymentMethods: allMethods as never, lastPaymentFailure: { code: 'card_declined', message: 'Your card was declined.' } } as never)));
    await screen.findByRole('radiogroup', { name: 'Payment' });
    expect(screen.getByText('Payment processing error: The card was declined.').closest('[role="alert"]')).toBeTruthy();
    unmount();
    renderApp(OVERVIEW, checkoutApi(validated({ activePaymentMethods: allMethods as never, lastPaymentFailure: { code: 'lost_card', message: 'Your card has been reported lost.' } } as never)));
    await screen.findByRole('radiogroup', { name: 'Payment' });
    expect(screen.getByText('Payment processing error: Your card has been reported lost.').closest('[role="alert"]')).toBeTruthy();
  });

  it('pays with the test card form: a declined card shows the provider’s words, another card pays and completes the order', async () => {
    const state = { status: 'PENDING' };
    const stand: URLSearchParams[] = [];
    let inits = 0;
    const { requests, router } = renderApp(
      OVERVIEW,
      checkoutApi(validated({ activePaymentMethods: { CREDIT_CARD: stripe } as never }), {
        [`${API}/reservation/${RESERVATION}/status`]: () => ({ status: state.status, validatedBookingInformation: true }),
        [INIT]: () => {
          inits++;
          return { token: null, clientSecret: `pi_${inits}_secret_abc`, paymentMethod: 'CREDIT_CARD', paymentProvider: 'STRIPE', errorMessage: null, reservationStatusChanged: false };
        },
        [PAYMENT_STATUS]: { success: true, redirect: false, redirectUrl: null, failure: false, gatewayIdOrNull: 'pi_2' },
        [CONFIRM]: () => {
          state.status = 'COMPLETE';
          return ok;
        },
      }),
    );
    withStandIn(standIn(stand));
    // a single method: chosen, so the card form opens with the page; clearly a test
    expect(await screen.findByText('Test mode — no real card is charged')).toBeTruthy();
    expect(payButton().disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
    expect(payButton().disabled).toBe(true);

    // a wrong number says so under the field once left, and Pay waits for a complete card
    const number = screen.getByRole('textbox', { name: /^Card number/ });
    fireEvent.change(number, { target: { value: '4242 4242 4242 4241' } });
    fireEvent.blur(number);
    expect(document.getElementById(number.getAttribute('aria-describedby')!)!.textContent).toBe('The card number is not a valid card number.');
    expect(number.getAttribute('aria-invalid')).toBe('true');

    await typeCard('4000 0000 0000 0002');
    expect(payButton().disabled).toBe(false);
    fireEvent.click(payButton());
    expect(await screen.findByText('Payment processing error: Your card was declined.')).toBeTruthy();
    await waitFor(() => expect(payButton().disabled).toBe(false));
    expect(payButton().getAttribute('aria-busy')).toBeNull();
    expect(requests.some((r) => r.url.startsWith(`${API}/reservation/${RESERVATION}?`))).toBe(false);

    fireEvent.change(screen.getByRole('textbox', { name: /^Card number/ }), { target: { value: '4242 4242 4242 4242' } });
    fireEvent.click(payButton());
    await waitFor(() => expect(router.state.location.pathname).toBe(`/event/${SHORT_NAME}/reservation/${RESERVATION}/success`));

    // a new init for each attempt; the card went to the stand-in, never to the server
    expect(inits).toBe(2);
    expect(stand.map((form) => [form.get('client_secret'), form.get('payment_method_data[card][number]')])).toEqual([
      ['pi_1_secret_abc', '4000000000000002'],
      ['pi_2_secret_abc', '4242424242424242'],
    ]);
    expect(stand[0]!.get('key')).toBe('pk_test_stand_in');
    expect(JSON.stringify(requests.map((r) => r.body))).not.toContain('4242');
    const confirm = requests.find((r) => r.method === 'POST' && r.url === `${API}/reservation/${RESERVATION}?lang=en`)!;
    expect(confirm.body).toMatchObject({ paymentProxy: 'STRIPE', selectedPaymentMethod: 'CREDIT_CARD', termAndConditionsAccepted: true });
  });

  it('sends a 3-D Secure card to the bank’s page, to come back to the processing page, and warns against leaving meanwhile', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const stand: URLSearchParams[] = [];
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    renderApp(
      OVERVIEW,
      checkoutApi(validated({ activePaymentMethods: { CREDIT_CARD: stripe } as never }), {
        [INIT]: { token: null, clientSecret: 'pi_9_secret_abc', paymentMethod: 'CREDIT_CARD', paymentProvider: 'STRIPE', errorMessage: null, reservationStatusChanged: false },
      }),
    );
    withStandIn(standIn(stand, hold));
    await typeCard('4000 0025 0000 3155');
    fireEvent.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
    fireEvent.click(payButton());
    await waitFor(() => expect(stand).toHaveLength(1));
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);

    release();
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${STAND_IN}/3ds/pi_9`));
    expect(stand[0]!.get('return_url')).toBe(`${window.location.origin}/event/${SHORT_NAME}/reservation/${RESERVATION}/processing-payment`);
    // leaving for the bank's page is not asked about
    const away = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(away);
    expect(away.defaultPrevented).toBe(false);
  });

  it('follows an init that says the order moved meanwhile to the page of its status', async () => {
    const state = { status: 'PENDING' };
    const { router } = renderApp(
      OVERVIEW,
      checkoutApi(validated({ activePaymentMethods: { CREDIT_CARD: stripe } as never }), {
        [`${API}/reservation/${RESERVATION}/status`]: () => ({ status: state.status, validatedBookingInformation: true }),
        [INIT]: () => {
          state.status = 'COMPLETE';
          return { token: null, clientSecret: null, paymentMethod: 'CREDIT_CARD', paymentProvider: 'STRIPE', errorMessage: null, reservationStatusChanged: true };
        },
      }),
    );
    withStandIn(standIn([]));
    await typeCard('4242 4242 4242 4242');
    fireEvent.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
    fireEvent.click(payButton());
    await waitFor(() => expect(router.state.location.pathname).toBe(`/event/${SHORT_NAME}/reservation/${RESERVATION}/success`));
  });

  it('with a real Stripe account mounts its card Element, waits for a complete card, and confirms the card with Stripe.js', async () => {
    const state = { status: 'PENDING' };
    const live = { paymentProxy: 'STRIPE', parameters: { stripe_p_key: 'pk_live_abc', enableSCA: true, platformMode: false, stripeConnectedAccount: null, testMode: false } };
    const { router } = renderApp(
      OVERVIEW,
      checkoutApi(validated({ activePaymentMethods: { CREDIT_CARD: live } as never, billingDetails: { ...makeReservation().billingDetails, country: 'EL', city: 'Athina' } }), {
        [`${API}/reservation/${RESERVATION}/status`]: () => ({ status: state.status, validatedBookingInformation: true }),
        [INIT]: { token: null, clientSecret: 'pi_7_secret_abc', paymentMethod: 'CREDIT_CARD', paymentProvider: 'STRIPE', errorMessage: null, reservationStatusChanged: false },
        [PAYMENT_STATUS]: { success: true, redirect: false, redirectUrl: null, failure: false, gatewayIdOrNull: 'pi_7' },
        [CONFIRM]: () => {
          state.status = 'COMPLETE';
          return ok;
        },
      }),
    );
    expect(await screen.findByRole('group', { name: 'Card details' })).toBeTruthy();
    expect(screen.queryByText('Test mode — no real card is charged')).toBeNull();
    await waitFor(() => expect(stripeJs.state.onChange).toBeDefined());
    expect(stripeJs.state.key).toBe('pk_live_abc');
    fireEvent.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
    expect(payButton().disabled).toBe(true);
    act(() => stripeJs.state.onChange!({ complete: false, error: { message: 'Your card number is incomplete.' } }));
    expect(await screen.findByText('Your card number is incomplete.')).toBeTruthy();
    act(() => stripeJs.state.onChange!({ complete: true }));
    expect(payButton().disabled).toBe(false);
    fireEvent.click(payButton());
    await waitFor(() => expect(router.state.location.pathname).toBe(`/event/${SHORT_NAME}/reservation/${RESERVATION}/success`));
    expect(stripeJs.state.confirmed).toEqual([
      ['pi_7_secret_abc', { payment_method: { card: stripeJs.card, billing_details: { name: 'Grace Hopper', email: 'grace@example.org', address: { city: 'Athina', country: 'GR' } } } }],
    ]);
  });
});
