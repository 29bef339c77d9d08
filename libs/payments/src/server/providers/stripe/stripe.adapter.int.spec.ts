import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn, stripeSignatureHeader, type StripeStandIn } from '@ticketing/payments/stand-ins';
import { ProviderUnavailable, WebhookRejected, type IncomingNotification, type ProviderPayment, type ProviderPaymentRequest } from '../payment-provider.js';
import { StripeAmountRefused } from './stripe-amount.js';
import { stripeAdapter, type StripeAccount } from './stripe.adapter.js';

const RETURN_URL = 'http://shop.test/event/winter/reservation/res-1/payment';
const WEBHOOK_SECRET = 'whsec_shop';

let standIn: StripeStandIn;
let receiver: Receiver;
const account = (changes: Partial<StripeAccount> = {}): StripeAccount => ({
  secretKey: 'sk_test_shop',
  publishableKey: 'pk_test_shop',
  webhookSecret: WEBHOOK_SECRET,
  enableSCA: true,
  apiBase: standIn.url,
  testMode: true,
  ...changes,
});
const adapter = (changes: Partial<StripeAccount> = {}) => stripeAdapter(account(changes));

let attempts = 0;
function paymentRequest(changes: Partial<ProviderPaymentRequest> = {}): ProviderPaymentRequest {
  attempts += 1;
  return {
    attemptId: `attempt-${attempts}`,
    idempotencyKey: `payment-attempt-${attempts}`,
    reservationId: 'res-1',
    method: 'CREDIT_CARD',
    amount: 2500,
    currency: 'EUR',
    description: 'Winter Festival: 2 passes',
    buyer: { email: 'ada@example.org', name: 'Ada Lovelace', language: 'en' },
    returnUrl: RETURN_URL,
    webhookUrl: 'http://shop.test/api/payment/webhook/stripe',
    gatewayToken: null,
    ...changes,
  };
}

beforeAll(async () => {
  standIn = await startStripeStandIn();
  receiver = await startReceiver();
  standIn.addWebhookEndpoint(receiver.url, WEBHOOK_SECRET);
});
afterAll(async () => {
  await standIn.close();
  await receiver.close();
});

describe('Stripe adapter: what the storefront is given', () => {
  it('offers cards with the publishable key, and the stand-in address only in test mode', () => {
    const stripe = adapter();
    expect([stripe.proxy, stripe.methods]).toEqual(['STRIPE', ['CREDIT_CARD']]);
    expect(stripe.clientParameters('CREDIT_CARD')).toEqual({
      stripe_p_key: 'pk_test_shop',
      enableSCA: true,
      platformMode: false,
      stripeConnectedAccount: null,
      testMode: true,
      apiBase: standIn.url,
    });
    expect(adapter({ apiBase: null, testMode: false, enableSCA: false }).clientParameters('CREDIT_CARD')).toEqual({
      stripe_p_key: 'pk_test_shop',
      enableSCA: false,
      platformMode: false,
      stripeConnectedAccount: null,
      testMode: false,
    });
  });
});

describe('Stripe adapter: SCA, the browser confirms the PaymentIntent', () => {
  it('creates a PaymentIntent for the attempt, then the bank page completes 3-D Secure and the payment is paid', async () => {
    const stripe = adapter();
    const request = paymentRequest();
    const started = await stripe.start(request);
    expect(started).toEqual({
      providerReference: expect.stringMatching(/^pi_/),
      clientSecret: expect.stringMatching(new RegExp(`^${started.providerReference}_secret_`)),
      redirectUrl: null,
      status: { kind: 'pending' },
    });
    expect(standIn.payments.get(started.providerReference)).toMatchObject({
      amount: 2500,
      currency: 'eur',
      description: 'Winter Festival: 2 passes',
      receipt_email: 'ada@example.org',
      metadata: { attemptId: request.attemptId, reservationId: 'res-1' },
      payment_method_types: ['card'],
      status: 'requires_payment_method',
    });
    expect(await stripe.clientSecret?.(started.providerReference)).toBe(started.clientSecret);

    const confirmed = await confirmInBrowser(stripe.clientParameters('CREDIT_CARD'), started, '4000002500003155');
    expect([confirmed.status, confirmed.json.status, confirmed.allowOrigin]).toEqual([200, 'requires_action', '*']);
    expect(await stripe.check(started.providerReference)).toEqual({ kind: 'pending' });

    const back = await pressButton(confirmed.json.next_action.redirect_to_url.url, 'Complete authentication');
    expect(`${back.origin}${back.pathname}`).toBe(RETURN_URL);
    expect(Object.fromEntries(back.searchParams)).toEqual({
      payment_intent: started.providerReference,
      payment_intent_client_secret: started.clientSecret,
      redirect_status: 'succeeded',
    });
    expect(await stripe.check(started.providerReference)).toEqual({ kind: 'succeeded', amount: 2500, currency: 'EUR' });
  });

  it('fails the payment when the buyer fails 3-D Secure', async () => {
    const stripe = adapter();
    const started = await stripe.start(paymentRequest());
    const confirmed = await confirmInBrowser(stripe.clientParameters('CREDIT_CARD'), started, '4000002500003155');
    const back = await pressButton(confirmed.json.next_action.redirect_to_url.url, 'Fail authentication');
    expect(back.searchParams.get('redirect_status')).toBe('failed');
    expect(await stripe.check(started.providerReference)).toEqual({ kind: 'failed', code: 'payment_intent_authentication_failure', message: expect.stringContaining('failed authentication') });
  });

  it('is paid at once for a card that needs no 3-D Secure', async () => {
    const stripe = adapter();
    const started = await stripe.start(paymentRequest({ amount: 1234 }));
    const confirmed = await confirmInBrowser(stripe.clientParameters('CREDIT_CARD'), started, '4242 4242 4242 4242');
    expect(confirmed.json.status).toBe('succeeded');
    expect(await stripe.check(started.providerReference)).toEqual({ kind: 'succeeded', amount: 1234, currency: 'EUR' });
  });

  it.each([
    ['4000000000000002', 'card_declined', 'Your card was declined.'],
    ['4000000000009995', 'insufficient_funds', 'Your card has insufficient funds.'],
  ])('reads card %s declined in the browser as failed with %s', async (card, code, message) => {
    const stripe = adapter();
    const started = await stripe.start(paymentRequest());
    const confirmed = await confirmInBrowser(stripe.clientParameters('CREDIT_CARD'), started, card);
    expect([confirmed.status, confirmed.json.error?.type, confirmed.json.error?.code]).toEqual([402, 'card_error', 'card_declined']);
    expect(await stripe.check(started.providerReference)).toEqual({ kind: 'failed', code, message });
  });
});

describe('Stripe adapter: without SCA, the card token is charged at once', () => {
  it('answers a paid payment for tok_visa', async () => {
    const stripe = adapter({ enableSCA: false });
    const started = await stripe.start(paymentRequest({ gatewayToken: 'tok_visa' }));
    expect(started).toMatchObject({ providerReference: expect.stringMatching(/^pi_/), redirectUrl: null, status: { kind: 'succeeded', amount: 2500, currency: 'EUR' } });
    expect(await stripe.check(started.providerReference)).toEqual({ kind: 'succeeded', amount: 2500, currency: 'EUR' });
  });

  it.each([
    ['tok_chargeDeclined', 'card_declined', 'Your card was declined.'],
    ['tok_chargeDeclinedInsufficientFunds', 'insufficient_funds', 'Your card has insufficient funds.'],
  ])('answers %s as failed with %s, and the PaymentIntent it left says so too', async (token, code, message) => {
    const stripe = adapter({ enableSCA: false });
    const started = await stripe.start(paymentRequest({ gatewayToken: token }));
    expect(started).toMatchObject({ providerReference: expect.stringMatching(/^pi_/), status: { kind: 'failed', code, message } });
    expect(await stripe.check(started.providerReference)).toEqual({ kind: 'failed', code, message });
  });
});

describe('Stripe adapter: idempotency, cancel, refund', () => {
  it('answers the same PaymentIntent to the same idempotency key, a new one to another key', async () => {
    const stripe = adapter();
    const request = paymentRequest();
    const before = standIn.payments.size;
    const first = await stripe.start(request);
    expect(await stripe.start(request)).toEqual(first);
    expect(standIn.payments.size).toBe(before + 1);
    const other = await stripe.start({ ...request, idempotencyKey: `${request.idempotencyKey}-retry` });
    expect(other.providerReference).not.toBe(first.providerReference);
  });

  it('repeats a decline for the same key without charging the card again', async () => {
    const stripe = adapter({ enableSCA: false });
    const request = paymentRequest({ gatewayToken: 'tok_chargeDeclined' });
    const first = await stripe.start(request);
    const eventsBefore = standIn.events.length;
    expect(await stripe.start(request)).toEqual(first);
    expect(standIn.events.length).toBe(eventsBefore);
  });

  it('cancels an open payment once, and not one already paid', async () => {
    const stripe = adapter();
    const open = await stripe.start(paymentRequest());
    expect(await stripe.cancel(open.providerReference)).toBe(true);
    expect(await stripe.check(open.providerReference)).toEqual({ kind: 'cancelled' });
    expect(await stripe.cancel(open.providerReference)).toBe(false);

    const paid = await adapter({ enableSCA: false }).start(paymentRequest({ gatewayToken: 'tok_visa' }));
    expect(await stripe.cancel(paid.providerReference)).toBe(false);
    expect((await stripe.check(paid.providerReference)).kind).toBe('succeeded');
  });

  it('refunds once per key, and refuses more than was paid (a refusal, not an outage)', async () => {
    const stripe = adapter({ enableSCA: false });
    const paid = await stripe.start(paymentRequest({ gatewayToken: 'tok_visa' }));
    const first = await stripe.refund(paid.providerReference, { amount: 1000, currency: 'EUR' }, 'refund-a');
    expect(first.refundReference).toMatch(/^re_/);
    expect(await stripe.refund(paid.providerReference, { amount: 1000, currency: 'EUR' }, 'refund-a')).toEqual(first);
    expect(standIn.refunds.filter((r) => r.payment_intent === paid.providerReference).map((r) => r.amount)).toEqual([1000]);

    await stripe.refund(paid.providerReference, { amount: 1500, currency: 'EUR' }, 'refund-b');
    const refused = await stripe.refund(paid.providerReference, { amount: 1, currency: 'EUR' }, 'refund-c').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Error);
    expect(refused).not.toBeInstanceOf(ProviderUnavailable);
    expect((refused as Error).message).toMatch(/already been refunded/);
  });
});

describe("Stripe adapter: amounts in Stripe's unit, not always ours", () => {
  it('charges a 5 000 kr ISK order as 500000 (Stripe writes ISK with two decimals), reports and refunds it as 5 000 kr', async () => {
    const stripe = adapter({ enableSCA: false });
    const paid = await stripe.start(paymentRequest({ amount: 5000, currency: 'ISK', gatewayToken: 'tok_visa' }));
    expect(standIn.payments.get(paid.providerReference)).toMatchObject({ amount: 500_000, currency: 'isk', amount_received: 500_000 });
    expect(paid.status).toEqual({ kind: 'succeeded', amount: 5000, currency: 'ISK' });
    expect(await stripe.check(paid.providerReference)).toEqual({ kind: 'succeeded', amount: 5000, currency: 'ISK' });
    await standIn.webhooksDelivered();
    expect((await stripe.verifyNotification(received(paid, 'payment_intent.succeeded').notification))?.status).toEqual({ kind: 'succeeded', amount: 5000, currency: 'ISK' });

    await stripe.refund(paid.providerReference, { amount: 5000, currency: 'ISK' }, `refund-${paid.providerReference}`);
    expect(standIn.refunds.filter((r) => r.payment_intent === paid.providerReference).map((r) => r.amount)).toEqual([500_000]);
  });

  it.each([
    [5000, 'UGX', 500_000],
    [1500, 'HUF', 150_000],
    [80_045, 'TWD', 80_045],
    [2500, 'JPY', 2500],
    [5120, 'KWD', 5120],
  ])('sends %i %s as %i', async (amount, currency, sent) => {
    const started = await adapter().start(paymentRequest({ amount, currency }));
    expect(standIn.payments.get(started.providerReference)?.amount).toBe(sent);
  });

  it('refuses 5.125 KWD (Stripe takes three-decimal amounts ending in 0) without a call to Stripe', async () => {
    const before = standIn.requests.length;
    await expect(adapter().start(paymentRequest({ amount: 5125, currency: 'KWD' }))).rejects.toThrow(StripeAmountRefused);
    expect(standIn.requests.length).toBe(before);
  });
});

describe('Stripe adapter: webhooks', () => {
  it('verifies each PaymentIntent event the stand-in sends and says what it reports', async () => {
    const sca = adapter();
    const token = adapter({ enableSCA: false });
    const paid = await token.start(paymentRequest({ gatewayToken: 'tok_visa' }));
    const declined = await token.start(paymentRequest({ gatewayToken: 'tok_chargeDeclined' }));
    const challenged = await sca.start(paymentRequest());
    await confirmInBrowser(sca.clientParameters('CREDIT_CARD'), challenged, '4000002500003155');
    const dropped = await sca.start(paymentRequest());
    await sca.cancel(dropped.providerReference);
    const slow = await sca.start(paymentRequest());
    standIn.advance(slow.providerReference, 'processing');
    await standIn.webhooksDelivered();

    const cases = [
      [paid, 'payment_intent.succeeded', { kind: 'succeeded', amount: 2500, currency: 'EUR' }],
      [declined, 'payment_intent.payment_failed', { kind: 'failed', code: 'card_declined', message: 'Your card was declined.' }],
      [challenged, 'payment_intent.requires_action', { kind: 'pending' }],
      [dropped, 'payment_intent.canceled', { kind: 'cancelled' }],
      [slow, 'payment_intent.processing', { kind: 'processing' }],
    ] as const;
    for (const [payment, type, status] of cases) {
      const { notification, eventId } = received(payment, type);
      const attemptId = standIn.payments.get(payment.providerReference)?.metadata['attemptId'];
      expect(await sca.verifyNotification(notification)).toEqual({ eventId, providerReference: payment.providerReference, attemptId, status });
    }
  });

  it('ignores, without rejecting, a genuine event of another type', async () => {
    const stripe = adapter();
    const created = await stripe.start(paymentRequest());
    await standIn.webhooksDelivered();
    expect(await stripe.verifyNotification(received(created, 'payment_intent.created').notification)).toBeNull();
  });

  it('ignores, without rejecting, the events of a PaymentIntent made elsewhere on the account (no attempt id of ours)', async () => {
    const made = await fetch(`${standIn.url}/v1/payment_intents`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_shop', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        amount: '4200',
        currency: 'eur',
        'allowed_payment_method_types[0]': 'card',
        confirm: 'true',
        'payment_method_data[type]': 'card',
        'payment_method_data[card][token]': 'tok_visa',
        description: 'the web shop of the same account',
      }),
    });
    const elsewhere = (await made.json()) as { id: string; status: string };
    expect(elsewhere.status).toBe('succeeded');
    await standIn.webhooksDelivered();
    const { notification } = received({ providerReference: elsewhere.id, clientSecret: null, redirectUrl: null, status: { kind: 'pending' } }, 'payment_intent.succeeded');
    expect(await adapter().verifyNotification(notification)).toBeNull();
  });

  it('rejects a forged body, a wrong secret, a missing signature and one older than 300 seconds', async () => {
    const stripe = adapter({ enableSCA: false });
    const paid = await stripe.start(paymentRequest({ gatewayToken: 'tok_visa' }));
    await standIn.webhooksDelivered();
    const genuine = received(paid, 'payment_intent.succeeded').notification;
    expect(await stripe.verifyNotification(genuine)).not.toBeNull();

    const forged = { ...genuine, rawBody: Buffer.from(genuine.rawBody.toString('utf8').replace('"amount": 2500', '"amount": 1')) };
    expect(forged.rawBody.equals(genuine.rawBody)).toBe(false);
    await expect(stripe.verifyNotification(forged)).rejects.toBeInstanceOf(WebhookRejected);
    await expect(adapter({ webhookSecret: 'whsec_someone_else' }).verifyNotification(genuine)).rejects.toBeInstanceOf(WebhookRejected);
    await expect(stripe.verifyNotification({ ...genuine, headers: { 'content-type': 'application/json' } })).rejects.toBeInstanceOf(WebhookRejected);

    const signedAt = (secondsAgo: number) => ({
      ...genuine,
      headers: { 'stripe-signature': stripeSignatureHeader(genuine.rawBody.toString('utf8'), WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - secondsAgo) },
    });
    await expect(stripe.verifyNotification(signedAt(301))).rejects.toBeInstanceOf(WebhookRejected);
    // the same body signed just inside the tolerance passes: it is the age that is refused above
    expect(await stripe.verifyNotification(signedAt(295))).toMatchObject({ providerReference: paid.providerReference });
  });
});

describe('Stripe adapter: the provider unreachable', () => {
  it.each(['http-503', 'drop-connection'] as const)('throws ProviderUnavailable while Stripe is down (%s), and reads again once it is back', async (how) => {
    const stripe = adapter();
    const started = await stripe.start(paymentRequest());
    standIn.down(true, how);
    try {
      await expect(stripe.check(started.providerReference)).rejects.toBeInstanceOf(ProviderUnavailable);
      await expect(stripe.start(paymentRequest())).rejects.toBeInstanceOf(ProviderUnavailable);
    } finally {
      standIn.down(false);
    }
    expect(await stripe.check(started.providerReference)).toEqual({ kind: 'pending' });
  });

  it('throws ProviderUnavailable when nothing listens at the address', async () => {
    await expect(adapter({ apiBase: await unusedAddress() }).check('pi_anything')).rejects.toBeInstanceOf(ProviderUnavailable);
  });

  it('rides out a single failed call with one retry under the same idempotency key', async () => {
    const stripe = adapter();
    const request = paymentRequest();
    standIn.setNextFailure('http-503', 1);
    const started = await stripe.start(request);
    const calls = standIn.requests.filter((call) => call.idempotencyKey === request.idempotencyKey);
    expect(calls.map((call) => call.status)).toEqual([503, 200]);
    expect(started.status).toEqual({ kind: 'pending' });
  });

  it('does not call a refused key an outage', async () => {
    const refused = await adapter({ secretKey: 'sk_live_not_for_tests' }).check('pi_anything').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Error);
    expect(refused).not.toBeInstanceOf(ProviderUnavailable);
    expect((refused as Error).message).toMatch(/Invalid API Key/);
  });
});

/** POST /v1/payment_intents/:id/confirm as Stripe.js sends it from the page: the publishable key and client secret in the form. */
async function confirmInBrowser(parameters: Record<string, unknown>, payment: ProviderPayment, cardNumber: string) {
  const body = new URLSearchParams({
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': cardNumber,
    'payment_method_data[card][exp_month]': '12',
    'payment_method_data[card][exp_year]': '2034',
    'payment_method_data[card][cvc]': '123',
    return_url: RETURN_URL,
    key: String(parameters['stripe_p_key']),
    client_secret: String(payment.clientSecret),
  });
  const response = await fetch(`${String(parameters['apiBase'])}/v1/payment_intents/${payment.providerReference}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://shop.test' },
    body,
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Stripe's JSON as the page reads it
  const json = (await response.json()) as any;
  return { status: response.status, allowOrigin: response.headers.get('access-control-allow-origin'), json };
}

/** Opens the 3-D Secure page and submits the form of the button with this label, as the buyer's browser would; answers where it sends the buyer. */
async function pressButton(pageUrl: string, label: string): Promise<URL> {
  const page = await fetch(pageUrl);
  const html = await page.text();
  expect(html).toContain('<h1>3D Secure test payment</h1>');
  const form = [...html.matchAll(/<form method="post" action="([^"]+)">(.*?)<\/form>/gs)].find(([, , inner]) => inner?.includes(`>${label}</button>`));
  if (!form) throw new Error(`no button "${label}" on ${pageUrl}`);
  const fields = new URLSearchParams([...(form[2] ?? '').matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(([, name, value]) => [name as string, value as string]));
  const answer = await fetch(new URL(form[1] as string, pageUrl), { method: 'POST', body: fields, redirect: 'manual' });
  expect(answer.status).toBe(303);
  return new URL(answer.headers.get('location') as string);
}

interface Receiver {
  url: string;
  deliveries: { headers: IncomingHttpHeaders; rawBody: Buffer }[];
  close(): Promise<void>;
}

/** Our webhook endpoint as the stand-in reaches it: every POST kept with its headers and raw bytes. */
async function startReceiver(): Promise<Receiver> {
  const deliveries: Receiver['deliveries'] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      deliveries.push({ headers: request.headers, rawBody: Buffer.concat(chunks) });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payment/webhook/stripe`,
    deliveries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The delivery the endpoint received for this payment and event type, as the webhook controller would pass it on. */
function received(payment: ProviderPayment, type: string): { notification: IncomingNotification; eventId: string } {
  const matches = receiver.deliveries.filter((delivery) => {
    const event = JSON.parse(delivery.rawBody.toString('utf8')) as { type: string; data: { object: { id: string } } };
    return event.type === type && event.data.object.id === payment.providerReference;
  });
  expect(matches, `one ${type} delivered for ${payment.providerReference}`).toHaveLength(1);
  const [delivery] = matches as [Receiver['deliveries'][number]];
  const eventId = (JSON.parse(delivery.rawBody.toString('utf8')) as { id: string }).id;
  return { notification: { headers: delivery.headers, rawBody: delivery.rawBody, query: {} }, eventId };
}

async function unusedAddress(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
