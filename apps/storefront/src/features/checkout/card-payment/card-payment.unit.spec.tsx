import { describe, expect, it, vi } from 'vitest';
import { cardComplete, cardFieldError, cardForProvider } from './card-details';
import { cardBillingDetails, processingPageUrl, stripeParametersOf, usesTestForm } from './card-provider';
import type { PayByCard } from './pay-by-card';
import { payByCard } from './pay-by-card';
import { answerOfPaymentIntent, answerOfStripeError, paymentIntentIdOf } from './payment-intent';
import { CARD_POLL_MS, pollNotice, pollPaymentStatus } from './payment-status-poll';
import { confirmAtTestProvider } from './test-provider';

const TODAY = { year: 2026, month: 11 };
const VISA = { number: '4242 4242 4242 4242', expMonth: '12', expYear: '2030', cvc: '123' };

describe('the test card form (spec 5: ready only when the card is complete)', () => {
  it('takes a complete card, with spaces in the number and a two-digit year', () => {
    expect(cardComplete(VISA, TODAY)).toBe(true);
    expect(cardComplete({ ...VISA, expYear: '30' }, TODAY)).toBe(true);
    expect(cardForProvider({ ...VISA, expMonth: '03', expYear: '30' })).toEqual({ number: '4242424242424242', expMonth: '3', expYear: '2030', cvc: '123' });
  });

  it("names each field's fault with Stripe's codes", () => {
    expect(cardFieldError('number', { ...VISA, number: '' }, TODAY)?.code).toBe('error.emptyField');
    expect(cardFieldError('number', { ...VISA, number: '4242 4242 4242 4241' }, TODAY)?.code).toBe('error.STEP2_STRIPE_invalid_number');
    expect(cardFieldError('number', { ...VISA, number: '4242' }, TODAY)?.code).toBe('error.STEP2_STRIPE_invalid_number');
    expect(cardFieldError('expMonth', { ...VISA, expMonth: '13' }, TODAY)?.code).toBe('error.STEP2_STRIPE_invalid_expiry_month');
    expect(cardFieldError('expYear', { ...VISA, expYear: '203' }, TODAY)?.code).toBe('error.STEP2_STRIPE_invalid_expiry_year');
    expect(cardFieldError('cvc', { ...VISA, cvc: '12' }, TODAY)?.code).toBe('error.STEP2_STRIPE_invalid_cvc');
    expect(cardComplete({ ...VISA, cvc: '' }, TODAY)).toBe(false);
  });

  it('refuses a card past its month, and takes one in its last month', () => {
    expect(cardFieldError('expYear', { ...VISA, expMonth: '10', expYear: '2026' }, TODAY)?.code).toBe('error.STEP2_STRIPE_expired_card');
    expect(cardFieldError('expYear', { ...VISA, expMonth: '11', expYear: '2026' }, TODAY)).toBeUndefined();
    expect(cardFieldError('expYear', { ...VISA, expYear: '2025' }, TODAY)?.code).toBe('error.STEP2_STRIPE_expired_card');
  });
});

describe("a Stripe account's client parameters (reference 3.3.1)", () => {
  it('uses the test form only in test mode with a stand-in to talk to', () => {
    const test = stripeParametersOf({
      stripe_p_key: 'pk_test_x',
      enableSCA: true,
      platformMode: false,
      stripeConnectedAccount: null,
      testMode: true,
      apiBase: 'http://127.0.0.1:4000',
    });
    expect(test).toEqual({ publishableKey: 'pk_test_x', testMode: true, apiBase: 'http://127.0.0.1:4000', connectedAccount: null });
    expect(usesTestForm(test)).toBe(true);
    expect(usesTestForm(stripeParametersOf({ stripe_p_key: 'pk_live_x', testMode: false }))).toBe(false);
    expect(stripeParametersOf({ platformMode: true, stripeConnectedAccount: 'acct_1' }).connectedAccount).toBe('acct_1');
  });

  it("bills the card to the buyer, with GR for Greece's EL (spec 5)", () => {
    const billingDetails = {
      companyName: null,
      addressLine1: 'Odos 1',
      addressLine2: null,
      zip: '10558',
      city: 'Athina',
      state: null,
      country: 'EL',
      taxId: null,
    } as never;
    expect(cardBillingDetails({ firstName: 'Eleni', lastName: 'Pappa', email: 'eleni@example.org', billingDetails })).toEqual({
      name: 'Eleni Pappa',
      email: 'eleni@example.org',
      address: { line1: 'Odos 1', postal_code: '10558', city: 'Athina', country: 'GR' },
    });
  });

  it('sends 3-D Secure back to the processing page of the reservation', () => {
    expect(processingPageUrl('https://tickets.example', { type: 'event', id: 'jazz 2027' }, 'r-1')).toBe(
      'https://tickets.example/event/jazz%202027/reservation/r-1/processing-payment',
    );
  });
});

describe("the provider's answer to a confirm", () => {
  it('is paid, 3-D Secure or refused with the words Stripe writes for buyers', () => {
    expect(answerOfPaymentIntent({ status: 'succeeded' })).toEqual({ kind: 'paid' });
    expect(answerOfPaymentIntent({ status: 'processing' })).toEqual({ kind: 'paid' });
    expect(answerOfPaymentIntent({ status: 'requires_action', next_action: { redirect_to_url: { url: 'http://127.0.0.1:4000/3ds/pi_1' } } })).toEqual({
      kind: 'authenticate',
      url: 'http://127.0.0.1:4000/3ds/pi_1',
    });
    expect(answerOfPaymentIntent({ status: 'requires_payment_method', last_payment_error: { message: 'Your card has insufficient funds.' } })).toEqual({
      kind: 'refused',
      message: 'Your card has insufficient funds.',
    });
    expect(answerOfStripeError({ error: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } })).toEqual({
      kind: 'refused',
      message: 'Your card was declined.',
    });
    expect(answerOfStripeError(null)).toEqual({ kind: 'refused', message: 'error.STEP2_STRIPE_unexpected' });
    expect(paymentIntentIdOf('pi_3Abc_secret_xyz')).toBe('pi_3Abc');
  });

  it('is asked of the stand-in as Stripe.js asks Stripe: form-encoded, publishable key, client secret, card, return URL', async () => {
    const fetchImpl = vi.fn(
      async () => new Response(JSON.stringify({ error: { code: 'card_declined', message: 'Your card was declined.' } }), { status: 402 }),
    );
    const answer = await confirmAtTestProvider(
      {
        apiBase: 'http://127.0.0.1:4000/',
        publishableKey: 'pk_test_stand_in',
        clientSecret: 'pi_1_secret_2',
        card: cardForProvider({ ...VISA, number: '4000 0000 0000 0002' }),
        returnUrl: 'https://shop/r/processing-payment',
      },
      fetchImpl as unknown as typeof fetch,
    );
    expect(answer).toEqual({ kind: 'refused', message: 'Your card was declined.' });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://127.0.0.1:4000/v1/payment_intents/pi_1/confirm');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(init.body as string))).toEqual({
      key: 'pk_test_stand_in',
      client_secret: 'pi_1_secret_2',
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': '4000000000000002',
      'payment_method_data[card][exp_month]': '12',
      'payment_method_data[card][exp_year]': '2030',
      'payment_method_data[card][cvc]': '123',
      return_url: 'https://shop/r/processing-payment',
    });
  });

  it('is a refusal without a charge when the provider cannot be reached', async () => {
    const fetchImpl = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(
      await confirmAtTestProvider(
        { apiBase: 'http://x', publishableKey: 'pk', clientSecret: 'pi_1_secret_2', card: cardForProvider(VISA), returnUrl: 'r' },
        fetchImpl,
      ),
    ).toEqual({
      kind: 'refused',
      message: 'error.STEP2_STRIPE_abort',
    });
  });
});

describe('polling the payment status (spec 4 and 9: every 1 s, errors retried)', () => {
  it('shows the delay notice every 10th poll and the indeterminate warning after 120', () => {
    expect(CARD_POLL_MS).toBe(1000);
    expect([1, 9, 10, 11, 20, 120].map(pollNotice)).toEqual([null, null, 'delay', null, 'delay', 'delay']);
    expect(pollNotice(121)).toBe('indeterminate');
  });

  it('asks every second, through failed calls, until the payment succeeded', async () => {
    const answers = [new Error('503'), { success: false, failure: false }, new Error('offline'), { success: true, failure: false }];
    const waits: number[] = [];
    const polls: number[] = [];
    const outcome = await pollPaymentStatus({
      status: async () => {
        const next = answers.shift()!;
        if (next instanceof Error) throw next;
        return next;
      },
      wait: async (ms) => void waits.push(ms),
      onPoll: (poll) => polls.push(poll),
    });
    expect(outcome).toBe('succeeded');
    expect(waits).toEqual([1000, 1000, 1000]);
    expect(polls).toEqual([1, 2, 3]);
  });

  it('stops on a failure, or once the page is left', async () => {
    expect(await pollPaymentStatus({ status: async () => ({ success: false, failure: true }), wait: async () => undefined })).toBe('failed');
    const controller = new AbortController();
    const outcome = pollPaymentStatus({
      status: async () => ({ success: false, failure: false }),
      wait: async () => controller.abort(),
      signal: controller.signal,
    });
    expect(await outcome).toBe('stopped');
  });
});

describe('paying by card (spec 4)', () => {
  const steps = (overrides: Partial<PayByCard> = {}): PayByCard => ({
    init: async () => ({ clientSecret: 'pi_1_secret_2', reservationStatusChanged: false, errorMessage: null }),
    confirm: async () => ({ kind: 'paid' }),
    paymentStatus: async () => ({ success: true, failure: false }),
    failureMessage: async () => 'Your card was declined.',
    leave: vi.fn(),
    wait: async () => undefined,
    ...overrides,
  });

  it('is paid once the server saw the money', async () => {
    const confirm = vi.fn(async () => ({ kind: 'paid' as const }));
    expect(await payByCard(steps({ confirm }))).toEqual({ kind: 'paid' });
    expect(confirm).toHaveBeenCalledWith('pi_1_secret_2');
  });

  it("is refused with the provider's words, and polls nothing", async () => {
    const paymentStatus = vi.fn();
    expect(await payByCard(steps({ confirm: async () => ({ kind: 'refused', message: 'Your card was declined.' }), paymentStatus }))).toEqual({
      kind: 'failed',
      message: 'Your card was declined.',
    });
    expect(paymentStatus).not.toHaveBeenCalled();
  });

  it("fails with the reservation's last failure when the server says the payment failed", async () => {
    expect(
      await payByCard(steps({ paymentStatus: async () => ({ success: false, failure: true }), failureMessage: async () => 'Authentication failed.' })),
    ).toEqual({
      kind: 'failed',
      message: 'Authentication failed.',
    });
  });

  it('leaves for the 3-D Secure page', async () => {
    const leave = vi.fn();
    expect(await payByCard(steps({ confirm: async () => ({ kind: 'authenticate', url: 'http://127.0.0.1:4000/3ds/pi_1' }), leave }))).toEqual({ kind: 'left' });
    expect(leave).toHaveBeenCalledWith('http://127.0.0.1:4000/3ds/pi_1');
  });

  it('confirms no card when init says the order moved, and passes init errors on', async () => {
    const confirm = vi.fn();
    expect(
      await payByCard(
        steps({ init: async () => ({ clientSecret: null, reservationStatusChanged: true, errorMessage: 'error.STEP_2_ORDER_HAS_EXPIRED' }), confirm }),
      ),
    ).toEqual({
      kind: 'status-changed',
      message: 'error.STEP_2_ORDER_HAS_EXPIRED',
    });
    const failure = new Error('503');
    expect(await payByCard(steps({ init: async () => Promise.reject(failure), confirm }))).toEqual({ kind: 'error', error: failure });
    expect(confirm).not.toHaveBeenCalled();
  });
});
