import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkoutPage, messagePage } from './paypal-checkout.page.js';
import { invalid, notFound, type Answer } from './paypal-errors.js';
import { paypalOrders, type PayPalCaptureOutcome, type PayPalStandInOrder } from './paypal-orders.js';
import { paypalWebhooks, type PayPalWebhookDelivery, type VerifyRequest } from './paypal-webhooks.sender.js';
import { readBody, sendHtml, sendJson, withQuery } from '../http/stand-in-http.js';

export type { PayPalCaptureOutcome, PayPalStandInCapture, PayPalStandInMoney, PayPalStandInOrder } from './paypal-orders.js';
export type { PayPalWebhookDelivery } from './paypal-webhooks.sender.js';

export interface PayPalStandInOptions {
  /** Only this pair gets a token; any pair when absent. */
  readonly credentials?: { readonly clientId: string; readonly clientSecret: string };
  /** How long a token lives, in seconds (PayPal: 32400). */
  readonly tokenLifetimeSeconds?: number;
  /** The first capture is declined (capture status DECLINED, PAYMENT.CAPTURE.DENIED). */
  readonly declineNextCapture?: boolean;
}

export interface PayPalStandIn {
  /** The API base and the checkout page's origin (`apiBase` of the adapter). */
  readonly url: string;
  readonly orders: ReadonlyMap<string, PayPalStandInOrder>;
  /** Every webhook delivery, in order. */
  readonly webhooks: readonly PayPalWebhookDelivery[];
  /** Every API request (`POST /v1/oauth2/token` ...), in order. */
  readonly calls: readonly string[];
  /** How the next capture ends; back to COMPLETED after it. */
  nextCapture: PayPalCaptureOutcome;
  addWebhookEndpoint(url: string, webhookId: string): void;
  /** What "Pay now" does; returns where the browser is sent ('' without a return_url). */
  approve(orderId: string): string;
  /** PayPal voids an order (e.g. a failed capture it gives up on). */
  voidOrder(orderId: string): void;
  /** A PENDING capture clears (PAYMENT.CAPTURE.COMPLETED). */
  completeCapture(orderId: string): void;
  /** Every token issued so far stops working (PayPal rotated them). */
  revokeTokens(): void;
  holdWebhooks(): void;
  releaseWebhooks(): Promise<void>;
  /** Sends an event again: same event id, new transmission. */
  resend(eventId: string): Promise<void>;
  /** Waits for deliveries under way. */
  webhooksDelivered(): Promise<void>;
  /** While down, every API call answers 503 (the checkout page stays up). */
  down(isDown: boolean): void;
  close(): Promise<void>;
}

/**
 * A local PayPal (Orders API v2, captures' refunds, OAuth2, webhooks and their verification, the approval page)
 * on 127.0.0.1, for the tests and for running the shop without a sandbox account.
 */
export async function startPayPalStandIn(options: PayPalStandInOptions = {}): Promise<PayPalStandIn> {
  const tokens = new Map<string, number>();
  const replies = new Map<string, () => Answer>();
  const calls: string[] = [];
  let isDown = false;
  let origin = '';
  const webhooks = paypalWebhooks(() => origin);
  const ledger = paypalOrders(() => origin, webhooks.emit, () => {
    const outcome = standIn.nextCapture;
    standIn.nextCapture = 'COMPLETED';
    return outcome;
  });
  const { orders } = ledger;

  function token(request: IncomingMessage, body: string): Answer {
    const [scheme, encoded] = (request.headers.authorization ?? '').split(' ');
    const [clientId, ...secret] = Buffer.from(encoded ?? '', 'base64').toString('utf8').split(':');
    const expected = options.credentials;
    if (scheme !== 'Basic' || !clientId || (expected && (expected.clientId !== clientId || expected.clientSecret !== secret.join(':')))) {
      return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
    }
    if (new URLSearchParams(body).get('grant_type') !== 'client_credentials') return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' } };
    const lifetime = options.tokenLifetimeSeconds ?? 32_400;
    const value = `A21AA${randomBytes(24).toString('base64url')}`;
    tokens.set(value, Date.now() + lifetime * 1000);
    return {
      status: 200,
      body: { scope: 'https://uri.paypal.com/services/payments/payment', access_token: value, token_type: 'Bearer', app_id: 'APP-STANDIN', expires_in: lifetime, nonce: randomUUID() },
    };
  }

  function authorised(request: IncomingMessage): boolean {
    const [scheme, value] = (request.headers.authorization ?? '').split(' ');
    const expiresAt = value ? tokens.get(value) : undefined;
    return scheme === 'Bearer' && expiresAt !== undefined && expiresAt > Date.now();
  }

  /** PayPal-Request-Id: the same id on the same call answers as the first one did (an order: as it is now). */
  function once(request: IncomingMessage, path: string, make: () => { answer: Answer; replay: () => Answer }): Answer {
    const requestId = header(request, 'paypal-request-id');
    const key = requestId ? `${path} ${requestId}` : null;
    const known = key ? replies.get(key) : undefined;
    if (known) return known();
    const { answer, replay } = make();
    if (key && answer.status < 300) replies.set(key, replay);
    return answer;
  }

  function api(request: IncomingMessage, path: string, text: string): Answer {
    if (isDown) return { status: 503, body: { name: 'SERVICE_UNAVAILABLE', message: 'Service Unavailable.', debug_id: randomBytes(6).toString('hex') } };
    if (request.method === 'POST' && path === '/v1/oauth2/token') return token(request, text);
    if (!authorised(request)) return { status: 401, body: { error: 'invalid_token', error_description: 'Token signature verification failed' } };
    let body: Record<string, unknown> = {};
    try {
      if (request.method === 'POST' && text !== '') body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return invalid('MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.');
    }
    const route = `${request.method} ${path}`;
    const [, resource] = path.match(/^\/v2\/(?:checkout\/orders|payments\/captures)\/([^/]+)/) ?? [];
    const id = resource ? decodeURIComponent(resource) : '';
    if (route === 'POST /v2/checkout/orders') {
      return once(request, path, () => {
        const answer = ledger.create(body, header(request, 'paypal-request-id') ?? null);
        const created = (answer.body as { id?: string }).id ?? '';
        return { answer, replay: () => ({ status: 200, body: ledger.orderJson(orders.get(created)!) }) };
      });
    }
    if (route === `GET /v2/checkout/orders/${resource}`) {
      const order = orders.get(id);
      return order ? { status: 200, body: ledger.orderJson(order) } : notFound(`Order ${id}`);
    }
    if (route === `POST /v2/checkout/orders/${resource}/capture`) {
      const order = orders.get(id);
      if (!order) return notFound(`Order ${id}`);
      return once(request, path, () => {
        const answer = ledger.capture(order);
        return { answer, replay: () => answer };
      });
    }
    if (route === `POST /v2/payments/captures/${resource}/refund`) {
      return once(request, path, () => {
        const answer = ledger.refund(id, body);
        return { answer, replay: () => answer };
      });
    }
    if (route === 'POST /v1/notifications/verify-webhook-signature') {
      const fields = body as VerifyRequest;
      const required = [fields.webhook_id, fields.webhook_event, fields.transmission_id, fields.transmission_sig, fields.cert_url, fields.auth_algo, fields.transmission_time];
      if (required.some((field) => !field)) {
        return { status: 400, body: { name: 'VALIDATION_ERROR', message: 'Invalid request - see details', debug_id: randomBytes(6).toString('hex'), details: [{ issue: 'MISSING_REQUIRED_PARAMETER' }] } };
      }
      return { status: 200, body: { verification_status: webhooks.verify(fields) } };
    }
    return notFound(route);
  }

  async function page(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const order = orders.get(url.searchParams.get('token') ?? '');
    if (!order) return sendHtml(response, 404, messagePage('Order not found', 'This checkout link is not valid.'));
    const waiting = order.status === 'PAYER_ACTION_REQUIRED' || order.status === 'CREATED';
    if (!waiting) return sendHtml(response, 409, messagePage('PayPal test checkout', `This order is ${order.status.toLowerCase()}.`));
    if (request.method === 'GET') return sendHtml(response, 200, checkoutPage(order));
    const action = new URLSearchParams(await readBody(request)).get('action');
    if (action === 'cancel') {
      // PayPal leaves the order as it was: the shop learns of the cancel from the cancel_url only.
      if (!order.cancelUrl) return sendHtml(response, 200, messagePage('PayPal test checkout', 'You cancelled the payment.'));
      return void response.writeHead(302, { location: withQuery(order.cancelUrl, { token: order.id }) }).end();
    }
    if (action !== 'approve') return sendHtml(response, 400, messagePage('PayPal test checkout', 'Choose Pay now or Cancel and return.'));
    const next = ledger.approve(order);
    if (!next) return sendHtml(response, 200, messagePage('PayPal test checkout', 'Payment approved.'));
    response.writeHead(302, { location: next }).end();
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', origin);
    const handle = async () => {
      if (url.pathname === '/checkoutnow' && (request.method === 'GET' || request.method === 'POST')) return page(request, response, url);
      const text = await readBody(request);
      calls.push(`${request.method} ${url.pathname}`);
      const answer = api(request, url.pathname, text);
      sendJson(response, answer.status, answer.body);
    };
    handle().catch((error: unknown) => sendJson(response, 500, { name: 'INTERNAL_SERVER_ERROR', message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const find = (orderId: string): PayPalStandInOrder => {
    const order = orders.get(orderId);
    if (!order) throw new Error(`no order ${orderId}`);
    return order;
  };

  const standIn: PayPalStandIn = {
    url: origin,
    orders,
    webhooks: webhooks.deliveries,
    calls,
    nextCapture: options.declineNextCapture ? 'DECLINED' : 'COMPLETED',
    addWebhookEndpoint: webhooks.addEndpoint,
    approve(orderId) {
      const next = ledger.approve(find(orderId));
      if (next === null) throw new Error(`order ${orderId} is ${find(orderId).status}`);
      return next;
    },
    voidOrder(orderId) {
      find(orderId).status = 'VOIDED';
    },
    completeCapture: (orderId) => ledger.completeCapture(find(orderId)),
    revokeTokens: () => tokens.clear(),
    holdWebhooks: webhooks.hold,
    releaseWebhooks: webhooks.release,
    resend: webhooks.resend,
    webhooksDelivered: webhooks.delivered,
    down(value) {
      isDown = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return standIn;
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
