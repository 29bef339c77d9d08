import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMollieStandIn, type MollieStandIn } from '@ticketing/payments/stand-ins';
import { ProviderUnavailable, WebhookRejected, type IncomingNotification, type PaymentProviderAdapter, type ProviderPaymentRequest } from '../payment-provider.js';
import { mollieAdapter, type MollieAccount } from './mollie.adapter.js';

/** The shop's webhook endpoint: what Mollie posted, answered with the next queued status (200 by default). */
interface Shop {
  readonly webhookUrl: string;
  readonly received: { readonly headers: IncomingHttpHeaders; readonly body: Buffer }[];
  close(): Promise<void>;
}

async function startShop(): Promise<Shop> {
  const received: Shop['received'] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    webhookUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payment/webhook/mollie`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const apiKey = 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM';
const allMethods: MollieAccount['methods'] = ['CREDIT_CARD', 'IDEAL', 'APPLE_PAY', 'BANCONTACT', 'BELFIUS', 'KBC', 'PRZELEWY_24', 'ING_HOME_PAY'];

let mollie: MollieStandIn;
let shop: Shop;
let adapter: PaymentProviderAdapter;

beforeAll(async () => {
  mollie = await startMollieStandIn();
  shop = await startShop();
  adapter = mollieAdapter({ apiKey, methods: allMethods, apiBase: mollie.apiBase, testMode: true });
});
afterAll(async () => {
  await mollie?.close();
  await shop?.close();
});
beforeEach(() => mollie.down(false));

let attempts = 0;
function paymentRequest(overrides: Partial<ProviderPaymentRequest> = {}): ProviderPaymentRequest {
  attempts += 1;
  return {
    attemptId: `attempt-${attempts}`,
    idempotencyKey: `payment-attempt-${attempts}`,
    reservationId: `reservation-${attempts}`,
    method: 'IDEAL',
    amount: 1250,
    currency: 'EUR',
    description: 'ABC123 - 2 ticket(s) for event Jazz Night',
    buyer: { email: 'ann@example.org', name: 'Ann Buyer', language: 'nl' },
    returnUrl: `http://shop.test/event/jazz/reservation/reservation-${attempts}/book`,
    webhookUrl: shop.webhookUrl,
    gatewayToken: null,
    ...overrides,
  };
}

const webhook = (body: string): IncomingNotification => ({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, rawBody: Buffer.from(body), query: {} });
const standInPayment = (id: string) => {
  const payment = mollie.payments.get(id);
  if (!payment) throw new Error(`the stand-in has no payment ${id}`);
  return payment;
};

describe('start', () => {
  it('creates an iDEAL payment at Mollie and answers its checkout page, pending', async () => {
    const request = paymentRequest();
    const started = await adapter.start(request);

    expect(started.providerReference).toMatch(/^tr_[A-Za-z0-9]+$/);
    expect(started).toEqual({ providerReference: started.providerReference, clientSecret: null, redirectUrl: `${mollie.url}/checkout/${started.providerReference}`, status: { kind: 'pending' } });
    expect(standInPayment(started.providerReference)).toMatchObject({
      amount: { currency: 'EUR', value: '12.50' },
      method: 'ideal',
      description: request.description,
      redirectUrl: request.returnUrl,
      webhookUrl: request.webhookUrl,
      metadata: { attemptId: request.attemptId, reservationId: request.reservationId },
      locale: 'nl_NL',
    });
    expect(mollie.requests.filter((r) => r.method === 'POST' && r.path === '/v2/payments').at(-1)?.idempotencyKey).toBe(request.idempotencyKey);
  });

  it('creates a credit card payment in CHF with the checkout in the buyer\'s language and region', async () => {
    const started = await adapter.start(paymentRequest({ method: 'CREDIT_CARD', amount: 1999, currency: 'CHF', buyer: { email: 'b@example.org', name: 'B', language: 'de-CH' } }));

    expect(standInPayment(started.providerReference)).toMatchObject({ amount: { currency: 'CHF', value: '19.99' }, method: 'creditcard', locale: 'de_CH' });
  });

  it.each([
    [1250, 'EUR', '12.50'],
    [5, 'EUR', '0.05'],
    [100_000, 'EUR', '1000.00'],
    [1999, 'CHF', '19.99'],
    [1250, 'JPY', '1250'],
    [7, 'JPY', '7'],
  ])('sends %i minor units of %s as "%s"', async (amount, currency, value) => {
    const started = await adapter.start(paymentRequest({ amount, currency }));

    expect(standInPayment(started.providerReference).amount).toEqual({ currency, value });
  });

  it.each([
    ['CREDIT_CARD', 'creditcard'],
    ['IDEAL', 'ideal'],
    ['APPLE_PAY', 'applepay'],
    ['BANCONTACT', 'bancontact'],
    ['BELFIUS', 'belfius'],
    ['KBC', 'kbc'],
    ['PRZELEWY_24', 'przelewy24'],
  ] as const)('asks Mollie for %s as %s', async (method, mollieMethod) => {
    const started = await adapter.start(paymentRequest({ method }));

    expect(standInPayment(started.providerReference).method).toBe(mollieMethod);
  });

  it('leaves the language to Mollie when Mollie has no checkout in the buyer\'s', async () => {
    const started = await adapter.start(paymentRequest({ buyer: { email: 'c@example.org', name: 'C', language: 'ja' } }));

    expect(standInPayment(started.providerReference).locale).toBeNull();
  });

  it('refuses a method the account does not take, without asking Mollie', async () => {
    const idealOnly = mollieAdapter({ apiKey, methods: ['IDEAL'], apiBase: mollie.apiBase, testMode: true });
    const before = mollie.requests.length;

    await expect(idealOnly.start(paymentRequest({ method: 'CREDIT_CARD' }))).rejects.toThrow(/does not take CREDIT_CARD/);
    expect(mollie.requests.length).toBe(before);
  });

  it('ING Home\'Pay, retired by Mollie, is refused by Mollie (422), which is no outage', async () => {
    const refused = adapter.start(paymentRequest({ method: 'ING_HOME_PAY' }));

    await expect(refused).rejects.toMatchObject({ statusCode: 422, field: 'method' });
    await expect(refused).rejects.not.toBeInstanceOf(ProviderUnavailable);
  });
});

describe('the checkout page', () => {
  it('settles the payment when the buyer picks Paid; the webhook, its verification and a check say succeeded with the exact amount', async () => {
    const request = paymentRequest();
    const { providerReference, redirectUrl } = await adapter.start(request);

    const page = await fetch(redirectUrl ?? '');
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('<h1>Test payment</h1>');
    expect(html).toContain('€12.50');
    expect(html).toContain('iDEAL');
    expect([...html.matchAll(/name="status" value="(\w+)"/g)].map((m) => m[1])).toEqual(['paid', 'failed', 'canceled', 'expired', 'open']);
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '';

    const picked = await fetch(new URL(action, redirectUrl ?? ''), { method: 'POST', body: new URLSearchParams({ status: 'paid' }), redirect: 'manual' });
    expect(picked.status).toBe(302);
    expect(picked.headers.get('location')).toBe(request.returnUrl);

    await mollie.flushWebhooks();
    const call = shop.received.find((r) => r.body.toString() === `id=${providerReference}`);
    expect(call?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const succeeded = { kind: 'succeeded', amount: 1250, currency: 'EUR' };
    expect(await adapter.verifyNotification({ headers: call?.headers ?? {}, rawBody: call?.body ?? Buffer.alloc(0), query: {} })).toEqual({
      eventId: `${providerReference}:paid`,
      providerReference,
      status: succeeded,
    });
    expect(await adapter.check(providerReference)).toEqual(succeeded);
  });
});

describe('check', () => {
  it.each([
    ['open', { kind: 'pending' }],
    ['pending', { kind: 'processing' }],
    ['authorized', { kind: 'processing' }],
    ['failed', { kind: 'failed', code: 'failed', message: 'The payment failed.' }],
    ['canceled', { kind: 'cancelled' }],
    ['expired', { kind: 'cancelled' }],
  ] as const)('reads a payment Mollie has %s as %j', async (status, expected) => {
    const { providerReference } = await adapter.start(paymentRequest());
    mollie.settle(providerReference, status);

    expect(await adapter.check(providerReference)).toEqual(expected);
  });

  it('reads a declined card with Mollie\'s reason and words for the buyer', async () => {
    const { providerReference } = await adapter.start(paymentRequest({ method: 'CREDIT_CARD' }));
    mollie.settle(providerReference, 'failed', { reason: 'card_declined', message: 'Your card was declined.' });

    expect(await adapter.check(providerReference)).toEqual({ kind: 'failed', code: 'card_declined', message: 'Your card was declined.' });
  });

  it.each([
    [1250, 'JPY'],
    [1_999_999, 'EUR'],
    [29, 'EUR'],
    [113, 'CHF'],
  ])('reads %i %s paid back to the exact minor units', async (amount, currency) => {
    const { providerReference } = await adapter.start(paymentRequest({ amount, currency }));
    mollie.settle(providerReference, 'paid');

    expect(await adapter.check(providerReference)).toEqual({ kind: 'succeeded', amount, currency });
  });
});

describe('idempotency', () => {
  it('answers the same payment to the same key, and a new one to a new key', async () => {
    const request = paymentRequest();
    const first = await adapter.start(request);
    const again = await adapter.start(request);
    const retry = await adapter.start({ ...request, idempotencyKey: `${request.idempotencyKey}-retry` });

    expect(again.providerReference).toBe(first.providerReference);
    expect(retry.providerReference).not.toBe(first.providerReference);
    const made = [...mollie.payments.values()].filter((p) => (p.metadata as { attemptId?: string }).attemptId === request.attemptId);
    expect(made.map((p) => p.id).sort()).toEqual([first.providerReference, retry.providerReference].sort());
  });
});

describe('cancel', () => {
  it('cancels a payment the buyer has not paid', async () => {
    const { providerReference } = await adapter.start(paymentRequest());

    expect(await adapter.cancel(providerReference)).toBe(true);
    expect(standInPayment(providerReference).status).toBe('canceled');
    expect(await adapter.check(providerReference)).toEqual({ kind: 'cancelled' });
  });

  it('answers false for a paid payment, and sends Mollie no cancel', async () => {
    const { providerReference } = await adapter.start(paymentRequest());
    mollie.settle(providerReference, 'paid');

    expect(await adapter.cancel(providerReference)).toBe(false);
    expect(standInPayment(providerReference).status).toBe('paid');
    expect(mollie.requests.filter((r) => r.method === 'DELETE' && r.path.endsWith(providerReference))).toEqual([]);
  });
});

describe('refund', () => {
  it('refunds part of a paid payment; the same key again is the same refund; no more than was paid', async () => {
    const { providerReference } = await adapter.start(paymentRequest());
    mollie.settle(providerReference, 'paid');

    const first = await adapter.refund(providerReference, { amount: 500, currency: 'EUR' }, 'refund-a');
    const again = await adapter.refund(providerReference, { amount: 500, currency: 'EUR' }, 'refund-a');
    const rest = await adapter.refund(providerReference, { amount: 750, currency: 'EUR' }, 'refund-b');

    expect(first.refundReference).toMatch(/^re_[A-Za-z0-9]+$/);
    expect(again.refundReference).toBe(first.refundReference);
    expect(standInPayment(providerReference).refunds.map((r) => [r.id, r.amount.value])).toEqual([
      [first.refundReference, '5.00'],
      [rest.refundReference, '7.50'],
    ]);
    const tooMuch = adapter.refund(providerReference, { amount: 1, currency: 'EUR' }, 'refund-c');
    await expect(tooMuch).rejects.toMatchObject({ statusCode: 422 });
    await expect(tooMuch).rejects.not.toBeInstanceOf(ProviderUnavailable);
  });
});

describe('verifyNotification', () => {
  it('verifies a known id with the status Mollie has now; the same state twice is one notification, a new state another', async () => {
    const { providerReference } = await adapter.start(paymentRequest());

    const open = await adapter.verifyNotification(webhook(`id=${providerReference}`));
    mollie.settle(providerReference, 'expired');
    const expired = await adapter.verifyNotification(webhook(`id=${providerReference}`));
    const repeated = await adapter.verifyNotification(webhook(`id=${providerReference}`));

    expect(open).toEqual({ eventId: `${providerReference}:open`, providerReference, status: { kind: 'pending' } });
    expect(expired).toEqual({ eventId: `${providerReference}:expired`, providerReference, status: { kind: 'cancelled' } });
    expect(repeated?.eventId).toBe(`${providerReference}:expired`);
  });

  it('rejects an id Mollie does not know', async () => {
    await expect(adapter.verifyNotification(webhook('id=tr_doesNotExist1'))).rejects.toBeInstanceOf(WebhookRejected);
  });

  it('rejects the id of another Mollie account\'s payment', async () => {
    const other = mollieAdapter({ apiKey: 'test_anotherAccountKey0000000000', methods: ['IDEAL'], apiBase: mollie.apiBase, testMode: true });
    const { providerReference } = await other.start(paymentRequest());

    await expect(other.verifyNotification(webhook(`id=${providerReference}`))).resolves.toMatchObject({ providerReference });
    await expect(adapter.verifyNotification(webhook(`id=${providerReference}`))).rejects.toBeInstanceOf(WebhookRejected);
  });

  it.each([
    ['an empty body', ''],
    ['a body without id', 'payment=tr_abc123'],
    ['a JSON body', '{"id":"tr_abc123"}'],
  ])('rejects %s', async (_case, body) => {
    await expect(adapter.verifyNotification(webhook(body))).rejects.toBeInstanceOf(WebhookRejected);
  });

  it('rejects an id that is no payment\'s without asking Mollie', async () => {
    const before = mollie.requests.length;

    await expect(adapter.verifyNotification(webhook('id=ord_abc123'))).rejects.toBeInstanceOf(WebhookRejected);
    await expect(adapter.verifyNotification(webhook('id=tr_../../v2/refunds'))).rejects.toBeInstanceOf(WebhookRejected);
    expect(mollie.requests.length).toBe(before);
  });
});

describe('an unreachable Mollie', () => {
  it('answering 503 (after the SDK\'s two retries) is ProviderUnavailable, for every call', async () => {
    const { providerReference } = await adapter.start(paymentRequest());
    mollie.settle(providerReference, 'paid');
    mollie.down(true);
    const before = mollie.requests.length;

    await expect(adapter.start(paymentRequest())).rejects.toBeInstanceOf(ProviderUnavailable);
    expect(mollie.requests.length - before).toBe(3);
    await expect(adapter.check(providerReference)).rejects.toBeInstanceOf(ProviderUnavailable);
    await expect(adapter.cancel(providerReference)).rejects.toBeInstanceOf(ProviderUnavailable);
    await expect(adapter.refund(providerReference, { amount: 100, currency: 'EUR' }, 'refund-down')).rejects.toBeInstanceOf(ProviderUnavailable);
    await expect(adapter.verifyNotification(webhook(`id=${providerReference}`))).rejects.toBeInstanceOf(ProviderUnavailable);

    mollie.down(false);
    expect(await adapter.check(providerReference)).toEqual({ kind: 'succeeded', amount: 1250, currency: 'EUR' });
  });

  it('cutting the connection is ProviderUnavailable', async () => {
    const { providerReference } = await adapter.start(paymentRequest());
    mollie.down(true, 'drop');

    await expect(adapter.check(providerReference)).rejects.toBeInstanceOf(ProviderUnavailable);
    await expect(adapter.start(paymentRequest())).rejects.toBeInstanceOf(ProviderUnavailable);
  });

  it('nothing listening is ProviderUnavailable', async () => {
    const gone = await startMollieStandIn();
    const apiBase = gone.apiBase;
    await gone.close();
    const nowhere = mollieAdapter({ apiKey, methods: ['IDEAL'], apiBase, testMode: true });

    await expect(nowhere.start(paymentRequest())).rejects.toBeInstanceOf(ProviderUnavailable);
  });
});

describe('the account', () => {
  it('a key Mollie refuses (401) is no outage', async () => {
    const live = mollieAdapter({ apiKey: 'live_notAcceptedByTheStandIn0000', methods: ['IDEAL'], apiBase: mollie.apiBase, testMode: false });
    const refused = live.start(paymentRequest());

    await expect(refused).rejects.toMatchObject({ statusCode: 401 });
    await expect(refused).rejects.not.toBeInstanceOf(ProviderUnavailable);
  });

  it('takes only methods Mollie has, a key of its mode, and plain http only on this host', () => {
    expect(() => mollieAdapter({ apiKey, methods: ['IDEAL', 'PAYPAL'], apiBase: null, testMode: true })).toThrow(/PAYPAL/);
    expect(() => mollieAdapter({ apiKey, methods: ['IDEAL'], apiBase: null, testMode: false })).toThrow(/live_/);
    expect(() => mollieAdapter({ apiKey, methods: ['IDEAL'], apiBase: 'http://mollie.example/v2/', testMode: true })).toThrow(/http/);
    expect(() => mollieAdapter({ apiKey, methods: ['IDEAL'], apiBase: 'https://mollie.example/v2/', testMode: true })).not.toThrow();
  });

  it('tells the storefront it pays in test mode only with a test account', () => {
    const live = mollieAdapter({ apiKey: 'live_abc', methods: ['IDEAL'], apiBase: null, testMode: false });

    expect(adapter.clientParameters('IDEAL')).toEqual({ testMode: true });
    expect(live.clientParameters('IDEAL')).toEqual({});
  });
});
