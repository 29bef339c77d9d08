import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in.js';

const SECRET_KEY = 'sk_test_stand_in_spec';

let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(() => standIn.close());

/** A call as it goes over the wire, form-encoded, with the headers given. */
async function call(method: 'GET' | 'POST', path: string, form: Record<string, string> = {}, headers: Record<string, string> = { authorization: `Bearer ${SECRET_KEY}` }) {
  const body = new URLSearchParams(form).toString();
  const response = await fetch(`${standIn.url}${path}${method === 'GET' && body ? `?${body}` : ''}`, {
    method,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    ...(method === 'POST' ? { body } : {}),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Stripe's JSON, read field by field below
  return { status: response.status, headers: response.headers, json: (await response.json()) as any };
}

const createIntent = (extra: Record<string, string> = {}, headers?: Record<string, string>) =>
  call('POST', '/v1/payment_intents', { amount: '1500', currency: 'eur', 'allowed_payment_method_types[0]': 'card', ...extra }, headers);

describe('Stripe stand-in API', () => {
  it('answers 401 in Stripe error JSON without a key or with a live key', async () => {
    const none = await createIntent({}, {});
    expect([none.status, none.json.error.type, none.json.error.message]).toEqual([401, 'invalid_request_error', expect.stringContaining('did not provide an API key')]);
    const live = await createIntent({}, { authorization: 'Bearer sk_live_1234567890abcd' });
    expect([live.status, live.json.error.message]).toEqual([401, expect.stringMatching(/^Invalid API Key provided: sk_live_\**abcd$/)]);
  });

  it('lets the publishable key read and confirm only with the client secret, and create nothing', async () => {
    const { json: intent } = await createIntent();
    const browser = { authorization: 'Bearer pk_test_stand_in_spec' };
    expect((await createIntent({}, browser)).status).toBe(401);
    expect((await call('GET', `/v1/payment_intents/${intent.id}`, { client_secret: `${intent.id}_secret_wrong` }, browser)).status).toBe(400);
    const read = await call('GET', `/v1/payment_intents/${intent.id}`, { client_secret: intent.client_secret }, browser);
    expect([read.status, read.json.id]).toEqual([200, intent.id]);
  });

  it('allows the browser in (CORS), preflight included', async () => {
    const preflight = await fetch(`${standIn.url}/v1/payment_intents/pi_x/confirm`, { method: 'OPTIONS', headers: { origin: 'http://shop.test', 'access-control-request-method': 'POST' } });
    expect([preflight.status, preflight.headers.get('access-control-allow-origin')]).toEqual([204, '*']);
  });

  it('replays the answer to a repeated idempotency key and refuses the key with other parameters', async () => {
    const key = { authorization: `Bearer ${SECRET_KEY}`, 'idempotency-key': 'spec-key-1' };
    const first = await createIntent({}, key);
    const again = await createIntent({}, key);
    expect([again.json.id, again.headers.get('idempotent-replayed')]).toEqual([first.json.id, 'true']);
    const other = await createIntent({ amount: '1600' }, key);
    expect([other.status, other.json.error.type]).toEqual([400, 'idempotency_error']);
  });

  it('refuses payment_method_types as the API version stripe-node pins does', async () => {
    const old = await call('POST', '/v1/payment_intents', { amount: '1500', currency: 'eur', 'payment_method_types[0]': 'card' });
    expect([old.status, old.json.error.code]).toEqual([400, 'payment_method_types_no_longer_supported']);
  });

  it('refuses, as Stripe does, a fraction of a króna and a three-decimal amount not ending in 0', async () => {
    const isk = await createIntent({ amount: '500050', currency: 'isk' });
    expect([isk.status, isk.json.error.code]).toEqual([400, 'invalid_charge_amount_no_decimal_compatible']);
    expect((await createIntent({ amount: '500000', currency: 'isk' })).status).toBe(200);
    const kwd = await createIntent({ amount: '5125', currency: 'kwd' });
    expect([kwd.status, kwd.json.error.param]).toEqual([400, 'amount']);
    expect((await createIntent({ amount: '5120', currency: 'kwd' })).status).toBe(200);
  });

  it('answers an unknown PaymentIntent with resource_missing', async () => {
    const missing = await call('GET', '/v1/payment_intents/pi_unknown');
    expect([missing.status, missing.json.error.code]).toEqual([404, 'resource_missing']);
  });
});

describe('Stripe stand-in webhooks', () => {
  let endpoint: { url: string; bodies: string[]; signatures: string[]; failNext: number; close(): Promise<void> };
  beforeAll(async () => {
    endpoint = await startEndpoint();
    standIn.addWebhookEndpoint(endpoint.url, 'whsec_spec');
  });
  afterAll(() => endpoint.close());
  beforeEach(async () => {
    await standIn.webhooksDelivered();
    endpoint.bodies.length = 0;
    endpoint.signatures.length = 0;
  });
  const typesReceived = () => endpoint.bodies.map((body) => (JSON.parse(body) as { type: string }).type);

  it('signs every delivery with the endpoint secret, as stripe-node verifies it', async () => {
    await createIntent();
    await standIn.webhooksDelivered();
    expect(endpoint.bodies).toHaveLength(1);
    expect(Stripe.webhooks.signature?.verifyHeader(endpoint.bodies[0] as string, endpoint.signatures[0] as string, 'whsec_spec')).toBe(true);
    expect(() => Stripe.webhooks.signature?.verifyHeader(endpoint.bodies[0] as string, endpoint.signatures[0] as string, 'whsec_other')).toThrow();
  });

  it('holds events until sent in the order asked or released, and delivers one again on resend', async () => {
    standIn.holdWebhooks();
    const { json: intent } = await createIntent({ confirm: 'true', 'payment_method_data[type]': 'card', 'payment_method_data[card][token]': 'tok_visa' });
    await standIn.webhooksDelivered();
    expect(endpoint.bodies).toEqual([]);
    const [created, succeeded] = standIn.events.filter((event) => event.paymentIntentId === intent.id);
    expect([created?.type, succeeded?.type]).toEqual(['payment_intent.created', 'payment_intent.succeeded']);

    await standIn.send([succeeded?.id as string]);
    await standIn.releaseWebhooks();
    await standIn.resend(succeeded?.id as string);
    expect(typesReceived()).toEqual(['payment_intent.succeeded', 'payment_intent.created', 'payment_intent.succeeded']);
    expect(endpoint.bodies[2]).toBe(endpoint.bodies[0]);
  });

  it('tries again when the endpoint answers an error, and records each try', async () => {
    endpoint.failNext = 2;
    await createIntent();
    await standIn.webhooksDelivered();
    const event = standIn.events.at(-1);
    expect(event?.deliveries.map((delivery) => delivery.status)).toEqual([500, 500, 200]);
    expect(typesReceived()).toEqual(['payment_intent.created']);
  });
});

describe('Stripe stand-in 3-D Secure page', () => {
  it('is a page with a heading and two labelled buttons, each a form POST', async () => {
    const { json: intent } = await createIntent({ description: 'Two <passes>' });
    const confirmed = await call('POST', `/v1/payment_intents/${intent.id}/confirm`, {
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': '4000002500003155',
      return_url: 'http://shop.test/back',
    });
    const page = await fetch(confirmed.json.next_action.redirect_to_url.url);
    const html = await page.text();
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html).toMatch(/<html lang="en">/);
    expect(html).toContain('<h1>3D Secure test payment</h1>');
    expect(html).toContain('Two &lt;passes&gt;');
    expect(html.match(/<form method="post"[^>]*>.*?<button type="submit">(Complete authentication|Fail authentication)<\/button><\/form>/g)).toHaveLength(2);
  });
});

async function startEndpoint() {
  const bodies: string[] = [];
  const signatures: string[] = [];
  const state = { failNext: 0 };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (state.failNext > 0) {
        state.failNext -= 1;
        return void response.writeHead(500).end();
      }
      bodies.push(Buffer.concat(chunks).toString('utf8'));
      signatures.push(String(request.headers['stripe-signature']));
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(state, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`,
    bodies,
    signatures,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
