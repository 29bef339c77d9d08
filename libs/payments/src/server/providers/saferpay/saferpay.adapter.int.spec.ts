import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSaferpayStandIn, type SaferpayStandIn } from '@ticketing/payments/stand-ins';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderUnavailable, WebhookRejected, type IncomingNotification, type PaymentProviderAdapter, type ProviderPaymentRequest } from '../payment-provider.js';
import { saferpayAdapter, type SaferpayAccount } from './index.js';

let standIn: SaferpayStandIn;
let receiver: Receiver;
let account: SaferpayAccount;
let saferpay: PaymentProviderAdapter;

beforeAll(async () => {
  standIn = await startSaferpayStandIn({ credentials: { username: 'API_401860_80003225', password: 'JsonApiPwd1_' }, customerId: '401860', terminalId: '17795278' });
  receiver = await startReceiver();
  account = { customerId: '401860', terminalId: '17795278', username: 'API_401860_80003225', password: 'JsonApiPwd1_', apiBase: standIn.apiBase, testMode: true };
  saferpay = saferpayAdapter(account);
});
afterAll(async () => {
  await standIn.close();
  await receiver.close();
});

describe('Saferpay adapter against the stand-in', () => {
  it('initializes a Payment Page the payer pays on, and the next check captures exactly the amount', async () => {
    const request = paymentRequest({ amount: 1050, currency: 'CHF' });
    const payment = await saferpay.start(request);

    expect(payment).toEqual({ providerReference: expect.stringMatching(/^\w{28}$/), clientSecret: null, redirectUrl: `${standIn.url}/vt/${payment.providerReference}`, status: { kind: 'pending' } });
    expect(standIn.payments.get(payment.providerReference)).toMatchObject({
      requestId: request.idempotencyKey,
      terminalId: '17795278',
      amount: { Value: '1050', CurrencyCode: 'CHF' },
      orderId: request.reservationId,
      description: request.description,
      paymentMethods: ['VISA', 'MASTERCARD', 'MAESTRO', 'AMEX', 'DINERS', 'JCB'],
      returnUrl: request.returnUrl,
      successNotifyUrl: request.webhookUrl,
      failNotifyUrl: request.webhookUrl,
    });
    expect(await saferpay.check(payment.providerReference)).toEqual({ kind: 'pending' });

    const { page, answer } = await submitPaymentPage(payment.redirectUrl!, 'Pay');
    expect(page).toContain('10.50 CHF');
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe(request.returnUrl);

    expect(await saferpay.check(payment.providerReference)).toEqual({ kind: 'succeeded', amount: 1050, currency: 'CHF' });
    expect(standIn.payments.get(payment.providerReference)!.state).toBe('CAPTURED');
    expect(await saferpay.check(payment.providerReference)).toEqual({ kind: 'succeeded', amount: 1050, currency: 'CHF' });
    expect(standIn.calls.filter((c) => c === '/Payment/v1/Transaction/Capture')).toHaveLength(1);
  });

  it('captures once when two checks find the payment authorized at the same time', async () => {
    const payment = await saferpay.start(paymentRequest({ amount: 4200, currency: 'EUR' }));
    standIn.settle(payment.providerReference, 'pay');
    const both = await Promise.all([saferpay.check(payment.providerReference), saferpay.check(payment.providerReference)]);
    expect(both).toEqual([
      { kind: 'succeeded', amount: 4200, currency: 'EUR' },
      { kind: 'succeeded', amount: 4200, currency: 'EUR' },
    ]);
    expect(standIn.payments.get(payment.providerReference)!.state).toBe('CAPTURED');
  });

  it('reads a payer who declines as failed, one who cancels as cancelled, a token that ran out as cancelled', async () => {
    const declined = await saferpay.start(paymentRequest());
    expect((await submitPaymentPage(declined.redirectUrl!, 'Decline')).answer.status).toBe(302);
    expect(await saferpay.check(declined.providerReference)).toEqual({ kind: 'failed', code: 'TRANSACTION_DECLINED', message: 'Transaction declined by acquirer' });

    const cancelled = await saferpay.start(paymentRequest());
    expect((await submitPaymentPage(cancelled.redirectUrl!, 'Cancel')).answer.status).toBe(302);
    expect(await saferpay.check(cancelled.providerReference)).toEqual({ kind: 'cancelled' });
    expect(await saferpay.cancel(cancelled.providerReference)).toBe(false);

    const expired = await saferpay.start(paymentRequest());
    standIn.expire(expired.providerReference);
    expect(await saferpay.check(expired.providerReference)).toEqual({ kind: 'cancelled' });
  });

  it('offers the Payment Page only the method asked, and only the methods of the account', async () => {
    const twint = await saferpay.start(paymentRequest({ method: 'TWINT' }));
    const postfinance = await saferpay.start(paymentRequest({ method: 'POSTFINANCE' }));
    expect(standIn.payments.get(twint.providerReference)!.paymentMethods).toEqual(['TWINT']);
    expect(standIn.payments.get(postfinance.providerReference)!.paymentMethods).toEqual(['POSTFINANCEPAY']);

    const twintOnly = saferpayAdapter({ ...account, methods: ['TWINT'] });
    expect(twintOnly.methods).toEqual(['TWINT']);
    expect(saferpay.methods).toEqual(['CREDIT_CARD', 'TWINT', 'POSTFINANCE']);
    await expect(twintOnly.start(paymentRequest({ method: 'CREDIT_CARD' }))).rejects.toBeInstanceOf(RangeError);
  });

  it('answers the same token for the same idempotency key, another for another key, also for a key Saferpay could not take as a RequestId', async () => {
    const request = paymentRequest();
    const first = await saferpay.start(request);
    expect((await saferpay.start(request)).providerReference).toBe(first.providerReference);
    expect((await saferpay.start({ ...request, idempotencyKey: `${request.idempotencyKey}-2` })).providerReference).not.toBe(first.providerReference);

    const long = paymentRequest({ idempotencyKey: `payment/${randomUUID()}/${randomUUID()}` });
    const hashed = await saferpay.start(long);
    expect((await saferpay.start(long)).providerReference).toBe(hashed.providerReference);
    expect(standIn.payments.get(hashed.providerReference)!.requestId).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refunds part of the capture once per key, and captures the refund so that the money goes back', async () => {
    const payment = await saferpay.start(paymentRequest({ amount: 1050, currency: 'CHF' }));
    standIn.settle(payment.providerReference, 'pay');
    await saferpay.check(payment.providerReference);

    const key = `refund-${randomUUID()}`;
    const refund = await saferpay.refund(payment.providerReference, { amount: 400, currency: 'CHF' }, key);
    const again = await saferpay.refund(payment.providerReference, { amount: 400, currency: 'CHF' }, key);

    expect(again.refundReference).toBe(refund.refundReference);
    expect(standIn.payments.get(payment.providerReference)!.refunds).toEqual([
      { transactionId: refund.refundReference, status: 'CAPTURED', amount: { Value: '400', CurrencyCode: 'CHF' }, captureId: expect.any(String) },
    ]);
  });

  it('captures an authorization nobody checked yet before refunding it', async () => {
    const payment = await saferpay.start(paymentRequest({ amount: 900, currency: 'CHF' }));
    standIn.settle(payment.providerReference, 'pay');
    await saferpay.refund(payment.providerReference, { amount: 900, currency: 'CHF' }, randomUUID());
    const held = standIn.payments.get(payment.providerReference)!;
    expect(held.state).toBe('CAPTURED');
    expect(held.refunds).toHaveLength(1);
  });

  it('cannot refund a payment that was never paid', async () => {
    const payment = await saferpay.start(paymentRequest());
    await expect(saferpay.refund(payment.providerReference, { amount: 100, currency: 'CHF' }, randomUUID())).rejects.toBeInstanceOf(ProviderUnavailable);
  });

  it('says Saferpay is unavailable when it is down, unreachable, or refuses the credentials', async () => {
    const payment = await saferpay.start(paymentRequest());
    standIn.down(true);
    try {
      await expect(saferpay.start(paymentRequest())).rejects.toBeInstanceOf(ProviderUnavailable);
      await expect(saferpay.check(payment.providerReference)).rejects.toBeInstanceOf(ProviderUnavailable);
      await expect(saferpay.refund(payment.providerReference, { amount: 1, currency: 'CHF' }, randomUUID())).rejects.toBeInstanceOf(ProviderUnavailable);
      await expect(saferpay.verifyNotification(notification(payment.providerReference))).rejects.toBeInstanceOf(ProviderUnavailable);
    } finally {
      standIn.down(false);
    }
    expect(await saferpay.check(payment.providerReference)).toEqual({ kind: 'pending' });

    const nowhere = saferpayAdapter({ ...account, apiBase: `${await unreachableUrl()}/api` });
    await expect(nowhere.start(paymentRequest())).rejects.toBeInstanceOf(ProviderUnavailable);
    const wrongPassword = saferpayAdapter({ ...account, password: 'not-the-password' });
    await expect(wrongPassword.check(payment.providerReference)).rejects.toBeInstanceOf(ProviderUnavailable);
    await expect(saferpay.check('UnknownTokenUnknownToken1234')).rejects.toBeInstanceOf(ProviderUnavailable);
  });
});

describe('Saferpay notifications', () => {
  it('are verified by reading the payment back: paid (and captured), declined', async () => {
    const paid = paymentRequest({ amount: 2500, currency: 'CHF' });
    const paidPayment = await saferpay.start(paid);
    await submitPaymentPage(paidPayment.redirectUrl!, 'Pay');
    const declined = paymentRequest();
    const declinedPayment = await saferpay.start(declined);
    await submitPaymentPage(declinedPayment.redirectUrl!, 'Decline');
    await standIn.webhooksDelivered();

    // The shop's route finds the attempt its URL names and hands the adapter that attempt's token.
    const paidCall = receiver.callFor(paid.webhookUrl);
    expect(await saferpay.verifyNotification(withToken(paidCall, paidPayment.providerReference))).toEqual({
      eventId: `${paidPayment.providerReference}:succeeded`,
      providerReference: paidPayment.providerReference,
      status: { kind: 'succeeded', amount: 2500, currency: 'CHF' },
    });
    expect(standIn.payments.get(paidPayment.providerReference)!.state).toBe('CAPTURED');

    const declinedCall = receiver.callFor(declined.webhookUrl);
    expect(await saferpay.verifyNotification(withToken(declinedCall, declinedPayment.providerReference))).toMatchObject({
      eventId: `${declinedPayment.providerReference}:failed`,
      status: { kind: 'failed', code: 'TRANSACTION_DECLINED' },
    });
  });

  it('give the same event id when Saferpay notifies twice', async () => {
    const payment = await saferpay.start(paymentRequest());
    standIn.settle(payment.providerReference, 'pay');
    const first = await saferpay.verifyNotification(notification(payment.providerReference));
    const second = await saferpay.verifyNotification(notification(payment.providerReference));
    expect(second?.eventId).toBe(first?.eventId);
  });

  it('say nothing for a payment still open', async () => {
    const payment = await saferpay.start(paymentRequest());
    expect(await saferpay.verifyNotification(notification(payment.providerReference))).toBeNull();
  });

  it('are held until released', async () => {
    standIn.holdWebhooks();
    const request = paymentRequest();
    const payment = await saferpay.start(request);
    standIn.settle(payment.providerReference, 'pay');
    await standIn.webhooksDelivered();
    expect(receiver.find(request.webhookUrl)).toBeUndefined();
    await standIn.releaseWebhooks();
    expect(receiver.find(request.webhookUrl)).toBeDefined();
  });

  it('are rejected for a token Saferpay does not know, or without a token', async () => {
    await expect(saferpay.verifyNotification(notification('UnknownTokenUnknownToken1234'))).rejects.toBeInstanceOf(WebhookRejected);
    await expect(saferpay.verifyNotification({ headers: {}, rawBody: Buffer.alloc(0), query: {} })).rejects.toBeInstanceOf(WebhookRejected);
    await expect(saferpay.verifyNotification(notification('../Payment/v1/Transaction/Refund'))).rejects.toBeInstanceOf(WebhookRejected);
  });
});

// -------------------------------------------------------------------------------------------------------------

function paymentRequest(overrides: Partial<ProviderPaymentRequest> = {}): ProviderPaymentRequest {
  const id = randomUUID();
  return {
    attemptId: `attempt-${id}`,
    idempotencyKey: `payment-${id}-1`,
    reservationId: `reservation-${id}`,
    method: 'CREDIT_CARD',
    amount: 1050,
    currency: 'CHF',
    description: 'Winter Festival: 2 tickets',
    buyer: { email: 'ada@example.com', name: 'Ada Lovelace', language: 'de' },
    returnUrl: `https://shop.test/reservation/r/return?attempt=${id}`,
    webhookUrl: `${receiver.url}/api/payments/webhooks/saferpay?attempt=${id}`,
    gatewayToken: null,
    ...overrides,
  };
}

const notification = (token: string): IncomingNotification => ({ headers: {}, rawBody: Buffer.alloc(0), query: { token } });
const withToken = (call: IncomingNotification, token: string): IncomingNotification => ({ ...call, query: { ...call.query, token } });

/** Opens Saferpay's page as a browser would and presses one of its buttons. */
async function submitPaymentPage(redirectUrl: string, label: 'Pay' | 'Decline' | 'Cancel'): Promise<{ page: string; answer: Response }> {
  const response = await fetch(redirectUrl);
  const page = await response.text();
  expect(response.status).toBe(200);
  expect(page).toContain('<h1 id="title">Saferpay test payment</h1>');
  const action = page.match(/<form method="post" action="([^"]+)">/)?.[1]?.replaceAll('&amp;', '&');
  const button = [...page.matchAll(/<button type="submit" name="([^"]+)" value="([^"]+)">([^<]+)<\/button>/g)].find((b) => b[3] === label);
  expect(action).toBeDefined();
  expect(button).toBeDefined();
  const answer = await fetch(new URL(action!, redirectUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ [button![1]!]: button![2]! }).toString(),
    redirect: 'manual',
  });
  return { page, answer };
}

interface Receiver {
  readonly url: string;
  find(url: string): IncomingNotification | undefined;
  callFor(url: string): IncomingNotification;
  close(): Promise<void>;
}

/** The shop's notify route, reduced to keeping the calls it receives by the URL called. */
async function startReceiver(): Promise<Receiver> {
  const received = new Map<string, IncomingNotification>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', base);
      received.set(url.toString(), { headers: request.headers, rawBody: Buffer.concat(chunks), query: Object.fromEntries(url.searchParams) });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const find = (url: string) => received.get(url);
  return {
    url: base,
    find,
    callFor(url) {
      const call = find(url);
      if (!call) throw new Error(`no notification at ${url}`);
      return call;
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
