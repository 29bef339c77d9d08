import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startPayPalStandIn, type PayPalStandIn } from '@ticketing/payments/stand-ins';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifiedStatus, ProviderUnavailable, WebhookRejected, type IncomingNotification, type PaymentProviderAdapter, type ProviderPaymentRequest } from '../payment-provider.js';
import { paypalAdapter, type PayPalAccount } from './index.js';

const WEBHOOK_ID = 'WH-7YX49823S2290830K-0JE13296W68552352';
let standIn: PayPalStandIn;
let receiver: Receiver;
let account: PayPalAccount;
let paypal: PaymentProviderAdapter;

beforeAll(async () => {
  standIn = await startPayPalStandIn({ credentials: { clientId: 'client-1', clientSecret: 'secret-1' } });
  receiver = await startReceiver();
  standIn.addWebhookEndpoint(`${receiver.url}/webhooks/paypal`, WEBHOOK_ID);
  account = { clientId: 'client-1', clientSecret: 'secret-1', webhookId: WEBHOOK_ID, apiBase: standIn.url, testMode: true };
  paypal = paypalAdapter(account);
});
afterAll(async () => {
  await standIn.close();
  await receiver.close();
});

describe('PayPal adapter against the stand-in', () => {
  it('creates an order the buyer approves on PayPal, and the next check captures exactly the amount', async () => {
    const request = paymentRequest({ amount: 1050, currency: 'EUR' });
    const payment = await paypal.start(request);

    expect(payment.status).toEqual({ kind: 'pending' });
    expect(payment.redirectUrl).toBe(`${standIn.url}/checkoutnow?token=${payment.providerReference}`);
    const order = standIn.orders.get(payment.providerReference)!;
    expect(order).toMatchObject({ amount: { currency_code: 'EUR', value: '10.50' }, referenceId: request.reservationId, customId: request.attemptId, requestId: request.idempotencyKey });
    expect(order.returnUrl).toBe(request.returnUrl);
    expect(await paypal.check(payment.providerReference)).toEqual({ kind: 'pending' });

    const back = await submitCheckout(payment.redirectUrl!, 'Pay now');
    expect(back.status).toBe(302);
    const location = new URL(back.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('https://shop.test/reservation/r/return');
    expect(location.searchParams.get('token')).toBe(payment.providerReference);
    expect(location.searchParams.get('PayerID')).toMatch(/^[A-Z0-9]{13}$/);

    expect(await paypal.check(payment.providerReference)).toEqual({ kind: 'succeeded', amount: 1050, currency: 'EUR' });
    // A second look reads the completed order: no second capture.
    expect(await paypal.check(payment.providerReference)).toEqual({ kind: 'succeeded', amount: 1050, currency: 'EUR' });
    expect(standIn.calls.filter((c) => c === `POST /v2/checkout/orders/${payment.providerReference}/capture`)).toHaveLength(1);
  });

  it.each([
    { amount: 1050, currency: 'JPY', text: '1050' },
    { amount: 12345, currency: 'BHD', text: '12.345' },
    { amount: 7, currency: 'CHF', text: '0.07' },
  ])('sends $amount minor units of $currency as $text and reads them back exactly', async ({ amount, currency, text }) => {
    const payment = await paypal.start(paymentRequest({ amount, currency }));
    expect(standIn.orders.get(payment.providerReference)!.amount).toEqual({ currency_code: currency, value: text });
    standIn.approve(payment.providerReference);
    expect(await paypal.check(payment.providerReference)).toEqual({ kind: 'succeeded', amount, currency });
  });

  it('sends a buyer who cancels back with cancelled=true; the order stays open, nothing taken, and it cannot be cancelled', async () => {
    const request = paymentRequest();
    const payment = await paypal.start(request);

    const back = await submitCheckout(payment.redirectUrl!, 'Cancel and return');
    expect(back.status).toBe(302);
    const location = new URL(back.headers.get('location')!);
    expect(location.searchParams.get('cancelled')).toBe('true');
    expect(location.searchParams.get('attempt')).toBe(new URL(request.returnUrl).searchParams.get('attempt'));
    expect(location.searchParams.get('token')).toBe(payment.providerReference);

    expect(await paypal.check(payment.providerReference)).toEqual({ kind: 'pending' });
    expect(await paypal.cancel(payment.providerReference)).toBe(false);
  });

  it('reads a voided order as cancelled, and an order PayPal no longer knows (expired) too', async () => {
    const payment = await paypal.start(paymentRequest());
    standIn.voidOrder(payment.providerReference);
    expect(await paypal.check(payment.providerReference)).toEqual({ kind: 'cancelled' });
    expect(await paypal.check('5O190127TN364715T')).toEqual({ kind: 'cancelled' });
  });

  it('reports a declined capture as failed with PayPal’s reason', async () => {
    const payment = await paypal.start(paymentRequest());
    standIn.approve(payment.providerReference);
    standIn.nextCapture = 'DECLINED';
    expect(await paypal.check(payment.providerReference)).toMatchObject({ kind: 'failed', code: 'DECLINED_BY_RISK_FRAUD_FILTERS' });
  });

  it('reports a pending capture as processing until it completes', async () => {
    const payment = await paypal.start(paymentRequest({ amount: 2500 }));
    standIn.approve(payment.providerReference);
    standIn.nextCapture = 'PENDING';
    expect(await paypal.check(payment.providerReference)).toEqual({ kind: 'processing' });
    standIn.completeCapture(payment.providerReference);
    expect(await paypal.check(payment.providerReference)).toEqual({ kind: 'succeeded', amount: 2500, currency: 'EUR' });
  });

  it('captures once when two checks find the order approved at the same time', async () => {
    const payment = await paypal.start(paymentRequest({ amount: 3000 }));
    standIn.approve(payment.providerReference);
    const both = await Promise.all([paypal.check(payment.providerReference), paypal.check(payment.providerReference)]);
    expect(both).toEqual([
      { kind: 'succeeded', amount: 3000, currency: 'EUR' },
      { kind: 'succeeded', amount: 3000, currency: 'EUR' },
    ]);
    await standIn.webhooksDelivered();
    expect(receiver.received.filter((n) => n.rawBody.includes(payment.providerReference) && n.rawBody.includes('PAYMENT.CAPTURE.COMPLETED'))).toHaveLength(1);
  });

  it('answers the same order for the same idempotency key, another for another key', async () => {
    const request = paymentRequest();
    const first = await paypal.start(request);
    const again = await paypal.start(request);
    const other = await paypal.start({ ...request, idempotencyKey: `${request.idempotencyKey}-retry` });

    expect(again.providerReference).toBe(first.providerReference);
    expect(again.redirectUrl).toBe(first.redirectUrl);
    expect(other.providerReference).not.toBe(first.providerReference);
    expect([...standIn.orders.values()].filter((o) => o.requestId === request.idempotencyKey)).toHaveLength(1);
  });

  it('refunds part of the capture once per key', async () => {
    const payment = await paypal.start(paymentRequest({ amount: 1050 }));
    standIn.approve(payment.providerReference);
    await paypal.check(payment.providerReference);

    const key = `refund-${randomUUID()}`;
    const refund = await paypal.refund(payment.providerReference, { amount: 400, currency: 'EUR' }, key);
    const again = await paypal.refund(payment.providerReference, { amount: 400, currency: 'EUR' }, key);

    expect(again.refundReference).toBe(refund.refundReference);
    const capture = standIn.orders.get(payment.providerReference)!.capture!;
    expect(capture.refunds).toEqual([{ id: refund.refundReference, amount: { currency_code: 'EUR', value: '4.00' } }]);
    expect(capture.status).toBe('PARTIALLY_REFUNDED');
  });

  it('cannot refund an order that was never paid', async () => {
    const payment = await paypal.start(paymentRequest());
    await expect(paypal.refund(payment.providerReference, { amount: 100, currency: 'EUR' }, randomUUID())).rejects.toBeInstanceOf(ProviderUnavailable);
  });

  it('asks for a token once and again only when PayPal stops taking it', async () => {
    const adapter = paypalAdapter(account);
    const tokens = () => standIn.calls.filter((c) => c === 'POST /v1/oauth2/token').length;
    const before = tokens();
    await Promise.all([adapter.start(paymentRequest()), adapter.start(paymentRequest()), adapter.check('5O190127TN364715T')]);
    expect(tokens() - before).toBe(1);

    standIn.revokeTokens();
    expect((await adapter.start(paymentRequest())).status).toEqual({ kind: 'pending' });
    expect(tokens() - before).toBe(2);
  });

  it('says PayPal is unavailable when it is down, unreachable, or refuses the credentials', async () => {
    const payment = await paypal.start(paymentRequest());
    standIn.down(true);
    try {
      await expect(paypal.start(paymentRequest())).rejects.toBeInstanceOf(ProviderUnavailable);
      await expect(paypal.check(payment.providerReference)).rejects.toBeInstanceOf(ProviderUnavailable);
      await expect(paypal.refund(payment.providerReference, { amount: 1, currency: 'EUR' }, randomUUID())).rejects.toBeInstanceOf(ProviderUnavailable);
    } finally {
      standIn.down(false);
    }
    expect(await paypal.check(payment.providerReference)).toEqual({ kind: 'pending' });

    const nowhere = paypalAdapter({ ...account, apiBase: await unreachableUrl() });
    await expect(nowhere.start(paymentRequest())).rejects.toBeInstanceOf(ProviderUnavailable);
    const wrongSecret = paypalAdapter({ ...account, clientSecret: 'not-the-secret' });
    await expect(wrongSecret.start(paymentRequest())).rejects.toBeInstanceOf(ProviderUnavailable);
  });
});

describe('PayPal webhooks', () => {
  it('verifies the approval and the capture PayPal sends, and maps each', async () => {
    const request = paymentRequest({ amount: 1999 });
    const payment = await paypal.start(request);
    await submitCheckout(payment.redirectUrl!, 'Pay now');
    await standIn.webhooksDelivered();
    const approved = receiver.eventFor('CHECKOUT.ORDER.APPROVED', payment.providerReference);

    // The approval names our attempt; asking for its status captures it, so it says succeeded.
    const fromApproval = (await paypal.verifyNotification(approved))!;
    expect(fromApproval).toMatchObject({ eventId: JSON.parse(approved.rawBody.toString()).id, providerReference: payment.providerReference, attemptId: request.attemptId });
    expect(standIn.orders.get(payment.providerReference)!.status).toBe('APPROVED'); // not captured before it is asked
    expect(await notifiedStatus(fromApproval)).toEqual({ kind: 'succeeded', amount: 1999, currency: 'EUR' });

    await standIn.webhooksDelivered();
    const completed = receiver.eventFor('PAYMENT.CAPTURE.COMPLETED', payment.providerReference);
    expect(await paypal.verifyNotification(completed)).toEqual({
      eventId: JSON.parse(completed.rawBody.toString()).id,
      providerReference: payment.providerReference,
      attemptId: request.attemptId,
      status: { kind: 'succeeded', amount: 1999, currency: 'EUR' },
    });
  });

  it('ignores the events of an order made elsewhere on the account (no custom_id of ours), and never captures it', async () => {
    const token = await paypalToken();
    const made = await fetch(`${standIn.url}/v2/checkout/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'EUR', value: '5.00' } }] }),
    });
    const { id } = (await made.json()) as { id: string };
    standIn.approve(id);
    await standIn.webhooksDelivered();
    expect(await paypal.verifyNotification(receiver.eventFor('CHECKOUT.ORDER.APPROVED', id))).toBeNull();
    expect(standIn.orders.get(id)!.status).toBe('APPROVED');
  });

  it('maps a denied capture to failed and a pending one to processing', async () => {
    const denied = await paypal.start(paymentRequest());
    standIn.approve(denied.providerReference);
    standIn.nextCapture = 'DECLINED';
    await paypal.check(denied.providerReference);
    const pending = await paypal.start(paymentRequest());
    standIn.approve(pending.providerReference);
    standIn.nextCapture = 'PENDING';
    await paypal.check(pending.providerReference);
    await standIn.webhooksDelivered();

    expect(await paypal.verifyNotification(receiver.eventFor('PAYMENT.CAPTURE.DENIED', denied.providerReference))).toMatchObject({
      providerReference: denied.providerReference,
      status: { kind: 'failed', code: 'DECLINED_BY_RISK_FRAUD_FILTERS' },
    });
    expect(await paypal.verifyNotification(receiver.eventFor('PAYMENT.CAPTURE.PENDING', pending.providerReference))).toMatchObject({
      providerReference: pending.providerReference,
      status: { kind: 'processing' },
    });
  });

  it('gives a resent event the same event id', async () => {
    const payment = await paypal.start(paymentRequest());
    standIn.approve(payment.providerReference);
    await paypal.check(payment.providerReference);
    await standIn.webhooksDelivered();
    const first = receiver.eventFor('PAYMENT.CAPTURE.COMPLETED', payment.providerReference);
    const eventId = JSON.parse(first.rawBody.toString()).id as string;
    const count = receiver.received.length;

    await standIn.resend(eventId);
    const resent = receiver.received.slice(count).find((n) => JSON.parse(n.rawBody.toString()).id === eventId)!;
    expect(resent.headers['paypal-transmission-id']).not.toBe(first.headers['paypal-transmission-id']);
    expect((await paypal.verifyNotification(resent))?.eventId).toBe(eventId);
  });

  it('holds webhooks until released', async () => {
    standIn.holdWebhooks();
    const payment = await paypal.start(paymentRequest());
    standIn.approve(payment.providerReference);
    await standIn.webhooksDelivered();
    expect(receiver.find('CHECKOUT.ORDER.APPROVED', payment.providerReference)).toBeUndefined();
    await standIn.releaseWebhooks();
    expect(receiver.find('CHECKOUT.ORDER.APPROVED', payment.providerReference)).toBeDefined();
  });

  it('ignores verified events it has nothing to say about (a refund)', async () => {
    const payment = await paypal.start(paymentRequest());
    standIn.approve(payment.providerReference);
    await paypal.check(payment.providerReference);
    await paypal.refund(payment.providerReference, { amount: 1050, currency: 'EUR' }, randomUUID());
    await standIn.webhooksDelivered();
    const refunded = receiver.received.find((n) => JSON.parse(n.rawBody.toString()).event_type === 'PAYMENT.CAPTURE.REFUNDED')!;
    expect(await paypal.verifyNotification(refunded)).toBeNull();
  });

  describe('rejects what PayPal did not send as it is', () => {
    let genuine: IncomingNotification;
    beforeAll(async () => {
      const payment = await paypal.start(paymentRequest({ amount: 1000 }));
      standIn.approve(payment.providerReference);
      await paypal.check(payment.providerReference);
      await standIn.webhooksDelivered();
      genuine = receiver.eventFor('PAYMENT.CAPTURE.COMPLETED', payment.providerReference);
    });

    it('accepts the genuine one (the cases below differ from it in one thing only)', async () => {
      expect(await paypal.verifyNotification(genuine)).toMatchObject({ status: { kind: 'succeeded', amount: 1000 } });
    });

    it('a body with another amount', async () => {
      const rawBody = Buffer.from(genuine.rawBody.toString().replace('"value":"10.00"', '"value":"0.01"'));
      expect(rawBody.equals(genuine.rawBody)).toBe(false);
      await expect(paypal.verifyNotification({ ...genuine, rawBody })).rejects.toBeInstanceOf(WebhookRejected);
    });

    it.each(['paypal-transmission-id', 'paypal-transmission-time', 'paypal-transmission-sig', 'paypal-cert-url', 'paypal-auth-algo'])('a changed %s', async (name) => {
      const headers = { ...genuine.headers, [name]: `${String(genuine.headers[name]).slice(0, -2)}xx` };
      await expect(paypal.verifyNotification({ ...genuine, headers })).rejects.toBeInstanceOf(WebhookRejected);
    });

    it('a missing signature header', async () => {
      const { 'paypal-transmission-sig': _, ...headers } = genuine.headers;
      await expect(paypal.verifyNotification({ ...genuine, headers })).rejects.toBeInstanceOf(WebhookRejected);
    });

    it('a body that is not JSON', async () => {
      await expect(paypal.verifyNotification({ ...genuine, rawBody: Buffer.from('<xml/>') })).rejects.toBeInstanceOf(WebhookRejected);
    });

    it('one signed for another webhook (another account)', async () => {
      const otherAccount = paypalAdapter({ ...account, webhookId: 'WH-OTHER' });
      await expect(otherAccount.verifyNotification(genuine)).rejects.toBeInstanceOf(WebhookRejected);
    });

    it('says PayPal is unavailable, not that the webhook is forged, when it cannot ask', async () => {
      standIn.down(true);
      try {
        await expect(paypal.verifyNotification(genuine)).rejects.toBeInstanceOf(ProviderUnavailable);
      } finally {
        standIn.down(false);
      }
    });
  });
});

// -------------------------------------------------------------------------------------------------------------

function paymentRequest(overrides: Partial<ProviderPaymentRequest> = {}): ProviderPaymentRequest {
  const id = randomUUID();
  return {
    attemptId: `attempt-${id}`,
    idempotencyKey: `payment-${id}-1`,
    reservationId: `reservation-${id}`,
    method: 'PAYPAL',
    amount: 1050,
    currency: 'EUR',
    description: 'Winter Festival: 2 tickets',
    buyer: { email: 'ada@example.com', name: 'Ada Lovelace', language: 'en' },
    returnUrl: `https://shop.test/reservation/r/return?attempt=${id}`,
    webhookUrl: 'https://shop.test/api/payments/webhooks/paypal',
    gatewayToken: null,
    ...overrides,
  };
}

/** Opens PayPal's page as a browser would and presses one of its buttons. */
/** A bearer token of the stand-in's account, as another shop on it would get one. */
async function paypalToken(): Promise<string> {
  const answer = await fetch(`${standIn.url}/v1/oauth2/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from('client-1:secret-1').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  return ((await answer.json()) as { access_token: string }).access_token;
}

async function submitCheckout(redirectUrl: string, label: 'Pay now' | 'Cancel and return'): Promise<Response> {
  const page = await fetch(redirectUrl);
  const html = await page.text();
  expect(page.status).toBe(200);
  expect(html).toContain('<h1 id="title">PayPal test checkout</h1>');
  const action = html.match(/<form method="post" action="([^"]+)">/)?.[1]?.replaceAll('&amp;', '&');
  const button = [...html.matchAll(/<button type="submit" name="([^"]+)" value="([^"]+)">([^<]+)<\/button>/g)].find((b) => b[3] === label);
  expect(action).toBeDefined();
  expect(button).toBeDefined();
  return fetch(new URL(action!, redirectUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ [button![1]!]: button![2]! }).toString(),
    redirect: 'manual',
  });
}

interface Receiver {
  readonly url: string;
  readonly received: IncomingNotification[];
  find(eventType: string, orderId: string): IncomingNotification | undefined;
  eventFor(eventType: string, orderId: string): IncomingNotification;
  close(): Promise<void>;
}

/** The shop's webhook route, reduced to keeping what it receives. */
async function startReceiver(): Promise<Receiver> {
  const received: IncomingNotification[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const query = Object.fromEntries(new URL(request.url ?? '/', 'http://localhost').searchParams);
      received.push({ headers: request.headers, rawBody: Buffer.concat(chunks), query });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const orderOf = (n: IncomingNotification) => {
    const event = JSON.parse(n.rawBody.toString()) as { event_type: string; resource: { id: string; supplementary_data?: { related_ids?: { order_id?: string } } } };
    return { type: event.event_type, orderId: event.resource.supplementary_data?.related_ids?.order_id ?? event.resource.id };
  };
  const find = (eventType: string, orderId: string) => received.find((n) => orderOf(n).type === eventType && orderOf(n).orderId === orderId);
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    find,
    eventFor(eventType, orderId) {
      const found = find(eventType, orderId);
      if (!found) throw new Error(`no ${eventType} received for ${orderId}`);
      return found;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function unreachableUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
