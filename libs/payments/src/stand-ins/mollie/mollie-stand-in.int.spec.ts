import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMollieStandIn, type MollieStandIn } from './mollie-stand-in.js';

/** A shop's webhook endpoint answering the queued statuses in turn, then 200. */
async function startShop() {
  const bodies: string[] = [];
  const contentTypes: (string | undefined)[] = [];
  const answers: number[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      bodies.push(Buffer.concat(chunks).toString());
      contentTypes.push(request.headers['content-type']);
      response.writeHead(answers.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`,
    bodies,
    contentTypes,
    answers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const key = 'test_standInSpecKey000000000000';
let mollie: MollieStandIn;
let shop: Awaited<ReturnType<typeof startShop>>;

beforeAll(async () => {
  mollie = await startMollieStandIn({ webhookAttempts: 3, webhookRetryDelayMs: 5 });
  shop = await startShop();
});
afterAll(async () => {
  await mollie?.close();
  await shop?.close();
});
afterEach(async () => {
  mollie.down(false);
  await mollie.releaseWebhooks();
  shop.bodies.length = 0;
  shop.answers.length = 0;
});

async function api(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${mollie.apiBase}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const payment = (amount = { currency: 'EUR', value: '12.50' }) => ({
  amount,
  description: 'Order 1',
  redirectUrl: 'http://shop.test/return',
  webhookUrl: shop.url,
  method: 'ideal',
});

describe('the API', () => {
  it('answers 401 in Mollie\'s error shape without a test key', async () => {
    for (const authorization of ['', 'Bearer live_abcdef', 'Bearer test_']) {
      const { status, body } = await api('POST', 'payments', payment(), { authorization });

      expect(status).toBe(401);
      expect(body).toMatchObject({ status: 401, title: 'Unauthorized Request', detail: expect.any(String), _links: { documentation: { href: expect.any(String) } } });
    }
  });

  it('answers a payment as Mollie does: HAL links, the checkout link while open, the paid amounts once paid', async () => {
    const created = await api('POST', 'payments', payment());
    const id = String(created.body['id']);

    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      resource: 'payment',
      mode: 'test',
      status: 'open',
      isCancelable: true,
      amount: { currency: 'EUR', value: '12.50' },
      _links: { self: { href: `${mollie.apiBase}payments/${id}` }, checkout: { href: `${mollie.url}/checkout/${id}`, type: 'text/html' } },
    });

    mollie.settle(id, 'paid');
    const paid = await api('GET', `payments/${id}`);
    expect(paid.body).toMatchObject({ status: 'paid', paidAt: expect.any(String), amountRemaining: { currency: 'EUR', value: '12.50' } });
    expect(paid.body['_links']).not.toHaveProperty('checkout');
    expect(paid.body).not.toHaveProperty('isCancelable');
  });

  it('shows a payment only to the key that made it', async () => {
    const { body } = await api('POST', 'payments', payment());

    const other = await api('GET', `payments/${String(body['id'])}`, undefined, { authorization: 'Bearer test_someoneElse000000000000000' });
    expect(other.status).toBe(404);
  });

  it.each([
    ['EUR', '12.5', 422],
    ['EUR', '12', 422],
    ['EUR', '12.50', 201],
    ['JPY', '12.50', 422],
    ['JPY', '1250', 201],
    ['EUR', '0.00', 422],
  ])('answers %s "%s" with %i', async (currency, value, expected) => {
    const { status, body } = await api('POST', 'payments', payment({ currency, value }));

    expect(status).toBe(expected);
    if (expected === 422) expect(body).toMatchObject({ status: 422, field: 'amount.value' });
  });

  it('replays the answer to a known Idempotency-Key, and refuses the key for another request', async () => {
    const before = mollie.payments.size;
    const first = await api('POST', 'payments', payment(), { 'idempotency-key': 'key-1' });
    const again = await api('POST', 'payments', payment(), { 'idempotency-key': 'key-1' });
    const other = await api('POST', 'payments', { ...payment(), description: 'Order 2' }, { 'idempotency-key': 'key-1' });

    expect(again).toEqual(first);
    expect(other.status).toBe(422);
    expect(mollie.payments.size).toBe(before + 1);
  });

  it('is down as asked: 503 in Mollie\'s shape with Retry-After, or a cut connection', async () => {
    mollie.down(true);
    const unavailable = await fetch(`${mollie.apiBase}payments/tr_abc`, { headers: { authorization: `Bearer ${key}` } });
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers.get('retry-after')).toBe('0');
    expect(await unavailable.json()).toMatchObject({ status: 503 });

    mollie.down(true, 'drop');
    await expect(fetch(`${mollie.apiBase}payments/tr_abc`, { headers: { authorization: `Bearer ${key}` } })).rejects.toThrow();

    mollie.down(false);
    expect((await api('GET', 'payments/tr_abc')).status).toBe(404);
  });
});

describe('the webhook', () => {
  it('posts the id form-encoded, and tries again until answered 2xx', async () => {
    const { body } = await api('POST', 'payments', payment());
    const id = String(body['id']);
    shop.answers.push(500, 503);

    mollie.settle(id, 'paid');
    await mollie.flushWebhooks();

    expect(shop.bodies).toEqual([`id=${id}`, `id=${id}`, `id=${id}`]);
    expect(shop.contentTypes.at(-1)).toBe('application/x-www-form-urlencoded');
    expect(mollie.notifications.filter((n) => n.paymentId === id)).toEqual([{ paymentId: id, url: shop.url, paymentStatus: 'paid', attempts: [500, 503, 200], delivered: true }]);
  });

  it('gives up after its attempts', async () => {
    const { body } = await api('POST', 'payments', payment());
    const id = String(body['id']);
    shop.answers.push(500, 500, 500, 500);

    mollie.settle(id, 'failed');
    await mollie.flushWebhooks();

    expect(mollie.notifications.find((n) => n.paymentId === id)).toMatchObject({ attempts: [500, 500, 500], delivered: false });
  });

  it('is called on a change Mollie reports, not on one it does not (pending), nor without a change', async () => {
    const { body } = await api('POST', 'payments', payment());
    const id = String(body['id']);

    mollie.settle(id, 'pending');
    mollie.settle(id, 'expired');
    mollie.settle(id, 'expired');
    await mollie.flushWebhooks();

    expect(mollie.notifications.filter((n) => n.paymentId === id).map((n) => n.paymentStatus)).toEqual(['expired']);
  });

  it('waits while held, and is called when released; resend calls it again', async () => {
    const { body } = await api('POST', 'payments', payment());
    const id = String(body['id']);

    mollie.holdWebhooks();
    mollie.settle(id, 'paid');
    await mollie.flushWebhooks();
    expect(shop.bodies).toEqual([]);

    await mollie.releaseWebhooks();
    expect(shop.bodies).toEqual([`id=${id}`]);

    mollie.resend(id);
    await mollie.flushWebhooks();
    expect(shop.bodies).toEqual([`id=${id}`, `id=${id}`]);
  });
});

describe('the checkout page', () => {
  it('of a payment no longer open shows its status and the way back, and a late pick changes nothing', async () => {
    const { body } = await api('POST', 'payments', payment());
    const id = String(body['id']);
    mollie.settle(id, 'paid');
    await mollie.flushWebhooks();

    const html = await (await fetch(`${mollie.url}/checkout/${id}`)).text();
    expect(html).toContain('This payment is paid.');
    expect(html).toContain('href="http://shop.test/return"');
    expect(html).not.toContain('<form');

    const late = await fetch(`${mollie.url}/checkout/${id}`, { method: 'POST', body: new URLSearchParams({ status: 'failed' }), redirect: 'manual' });
    await mollie.flushWebhooks();
    expect(late.status).toBe(302);
    expect(mollie.payments.get(id)?.status).toBe('paid');
    expect(mollie.notifications.filter((n) => n.paymentId === id)).toHaveLength(1);
  });

  it('shows a zero-decimal amount without decimals, and refuses a pick that is not on it', async () => {
    const { body } = await api('POST', 'payments', { ...payment({ currency: 'JPY', value: '1250' }), method: 'creditcard' });
    const id = String(body['id']);

    const html = await (await fetch(`${mollie.url}/checkout/${id}`)).text();
    expect(html).toContain('¥1,250');
    expect(html).toContain('Credit card');

    const bad = await fetch(`${mollie.url}/checkout/${id}`, { method: 'POST', body: new URLSearchParams({ status: 'refunded' }), redirect: 'manual' });
    expect(bad.status).toBe(400);
    expect(mollie.payments.get(id)?.status).toBe('open');
  });
});
