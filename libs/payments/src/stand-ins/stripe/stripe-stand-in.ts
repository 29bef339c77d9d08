import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import { createIdempotencyKeys } from './idempotency-keys.js';
import { createPaymentIntentLedger, type PaymentIntentOutcome } from './payment-intent-ledger.js';
import { callerOf, routeStripeApi } from './stripe-api-routes.js';
import { StripeErrorAnswer } from './stripe-error.js';
import { parseStripeForm, textAt } from './stripe-form.js';
import { stripeId } from './stripe-ids.js';
import { threeDSecureDonePage, threeDSecurePage } from './three-d-secure-page.js';
import { createWebhookDeliveries, type StripeStandInEvent } from './webhook-deliveries.js';

export { stripeSignatureHeader } from './stripe-signature.js';
export { testCards, testTokens } from './test-cards.js';
export type { PaymentIntentOutcome } from './payment-intent-ledger.js';
export type { StripeStandInEvent, WebhookDelivery } from './webhook-deliveries.js';

/** How the provider fails: an error answer (`http-503`) or a connection closed without one (`drop-connection`). */
export type StripeOutage = 'http-503' | 'drop-connection';

export interface StripeStandInRequest {
  readonly method: string;
  readonly path: string;
  readonly idempotencyKey: string | null;
  /** The HTTP status answered; null when the connection was dropped. */
  readonly status: number | null;
  readonly replayed: boolean;
}

export interface StripeStandIn {
  /** The base URL (`http://127.0.0.1:<port>`): the adapter's `apiBase`. */
  readonly url: string;
  /** Every PaymentIntent by id, as the stand-in holds it now. */
  readonly payments: ReadonlyMap<string, Stripe.PaymentIntent>;
  readonly refunds: readonly Stripe.Refund[];
  /** Every webhook event made, in order, with its deliveries. */
  readonly events: readonly StripeStandInEvent[];
  /** Every API call received, in order (retries of stripe-node included). */
  readonly requests: readonly StripeStandInRequest[];
  /** Each later event is posted to `url`, signed with `secret`. */
  addWebhookEndpoint(url: string, secret: string): void;
  /** Keeps the events made from now on until released or sent one by one (late, out-of-order delivery). */
  holdWebhooks(): void;
  /** Sends the held events in the order they were made; resolves when delivered. */
  releaseWebhooks(): Promise<void>;
  /** Sends these events (held or already sent) in this order; resolves when delivered. */
  send(eventIds: readonly string[]): Promise<void>;
  /** Delivers an event once more, same id and payload, freshly signed: Stripe's duplicate delivery. */
  resend(eventId: string): Promise<void>;
  /** Resolves when every delivery scheduled so far (retries included) is done. */
  webhooksDelivered(): Promise<void>;
  /** Moves a PaymentIntent as Stripe would on its own (a payment `processing`, then paid or failed). */
  advance(paymentIntentId: string, outcome: PaymentIntentOutcome): Stripe.PaymentIntent;
  /** While down, every API call fails (the 3-D Secure page stays up); `down(false)` brings it back. */
  down(isDown?: boolean, how?: StripeOutage): void;
  /** The next `count` API calls fail, then it answers again (stripe-node's own retry may absorb one). */
  setNextFailure(how?: StripeOutage, count?: number): void;
  close(): Promise<void>;
}

const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'Authorization, Content-Type, Idempotency-Key, Stripe-Version, Stripe-Account',
};

/**
 * A local Stripe speaking the subset of its REST API the adapter and the storefront's test card form use
 * (PaymentIntents, refunds), its test cards and tokens, a 3-D Secure page and signed webhooks, for the
 * tests and for running the shop without Stripe keys.
 */
export async function startStripeStandIn(options: { port?: number } = {}): Promise<StripeStandIn> {
  let base = '';
  const webhooks = createWebhookDeliveries();
  const ledger = createPaymentIntentLedger({
    threeDSecureUrl: (id, returnUrl) => `${base}/3ds/${id}${returnUrl ? `?return_url=${encodeURIComponent(returnUrl)}` : ''}`,
    changed: (type, intent) => webhooks.publish(type, intent),
  });
  const idempotency = createIdempotencyKeys();
  const requests: StripeStandInRequest[] = [];
  let outage: StripeOutage | null = null;
  const nextFailures: StripeOutage[] = [];

  function api(request: IncomingMessage, response: ServerResponse, url: URL, body: string) {
    const method = request.method ?? 'GET';
    if (method === 'OPTIONS') return void response.writeHead(204, corsHeaders).end();
    const rawKey = request.headers['idempotency-key'];
    const idempotencyKey = typeof rawKey === 'string' ? rawKey : null;
    const log = (status: number | null, replayed = false) => requests.push({ method, path: url.pathname, idempotencyKey, status, replayed });
    const failure = outage ?? nextFailures.shift();
    if (failure === 'drop-connection') {
      log(null);
      return void request.socket.destroy();
    }
    const answer = (status: number, json: string, replayed = false) => {
      log(status, replayed);
      response
        .writeHead(status, { ...corsHeaders, 'content-type': 'application/json', 'request-id': stripeId('req'), ...(replayed ? { 'idempotent-replayed': 'true' } : {}) })
        .end(json);
    };
    if (failure === 'http-503') return answer(503, JSON.stringify({ error: { type: 'api_error', message: 'The Stripe stand-in is down (a simulated outage).' } }));
    const form = parseStripeForm(method === 'GET' ? url.search.slice(1) : body);
    try {
      const caller = callerOf(request.headers, form);
      const scope = `${caller.key} ${method} ${url.pathname}`;
      const saved = idempotencyKey && method === 'POST' ? idempotency.replay(scope, idempotencyKey, form) : null;
      if (saved) return answer(saved.status, saved.body, true);
      let status = 200;
      let json: string;
      let keep = true;
      try {
        json = JSON.stringify(routeStripeApi(method, url.pathname, caller, form, ledger), null, 2);
      } catch (error) {
        if (!(error instanceof StripeErrorAnswer)) throw error;
        [status, json, keep] = [error.status, JSON.stringify({ error: error.error }, null, 2), error.replayable];
      }
      if (idempotencyKey && method === 'POST' && keep) idempotency.save(scope, idempotencyKey, form, { status, body: json });
      answer(status, json);
    } catch (error) {
      if (!(error instanceof StripeErrorAnswer)) throw error;
      answer(error.status, JSON.stringify({ error: error.error }, null, 2));
    }
  }

  /** The 3-D Secure page: GET shows it, POST settles the PaymentIntent and sends the buyer back as Stripe does. */
  function challenge(request: IncomingMessage, response: ServerResponse, id: string, body: string) {
    const intent = ledger.intents.get(id);
    if (!intent) return void response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end(`No such payment_intent: '${id}'`);
    if (request.method !== 'POST') return void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(threeDSecurePage(intent));
    const settled = ledger.authenticate(id, textAt(parseStripeForm(body), 'outcome') === 'complete');
    const returnUrl = ledger.returnUrlOf(id);
    if (!returnUrl) return void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(threeDSecureDonePage(settled));
    const back = new URL(returnUrl);
    back.searchParams.set('payment_intent', id);
    back.searchParams.set('payment_intent_client_secret', settled.client_secret ?? '');
    back.searchParams.set('redirect_status', ['succeeded', 'processing'].includes(settled.status) ? settled.status : 'failed');
    response.writeHead(303, { location: back.toString() }).end();
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', base);
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        const threeDs = /^\/3ds\/([^/]+)$/.exec(url.pathname);
        if (url.pathname.startsWith('/v1/')) api(request, response, url, body);
        else if (threeDs) challenge(request, response, decodeURIComponent(threeDs[1] as string), body);
        else response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      } catch (error) {
        // a bug of the stand-in: answered as Stripe's own 500 so the caller sees an api_error, and said in the body
        response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    payments: ledger.intents,
    refunds: ledger.refunds,
    events: webhooks.events,
    requests,
    addWebhookEndpoint: webhooks.addEndpoint,
    holdWebhooks: webhooks.hold,
    releaseWebhooks: webhooks.release,
    send: webhooks.send,
    resend: (eventId) => webhooks.send([eventId]),
    webhooksDelivered: webhooks.delivered,
    advance: ledger.advance,
    down(isDown = true, how = 'http-503') {
      outage = isDown ? how : null;
    },
    setNextFailure(how = 'http-503', count = 1) {
      nextFailures.push(...Array<StripeOutage>(count).fill(how));
    },
    async close() {
      await webhooks.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
