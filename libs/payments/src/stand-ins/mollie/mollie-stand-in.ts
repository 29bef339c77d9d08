import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cancelPayment, createPayment, getPayment, refundPayment, type ApiAnswer } from './mollie-api.js';
import { checkoutPage, isCheckoutChoice, notFoundPage } from './mollie-checkout.page.js';
import { mollieError, type MollieStatus, type MollieStandInPayment } from './mollie-resources.js';
import { webhookSender, type MollieNotification } from './mollie-webhooks.js';

export type { MollieStatus, MollieStandInPayment, MollieStandInRefund, MollieStandInAmount } from './mollie-resources.js';
export type { MollieNotification } from './mollie-webhooks.js';

export interface MollieStandInOptions {
  /** 0 (the default) takes a free port. */
  readonly port?: number;
  /** Calls of one webhook before giving up (default 4). */
  readonly webhookAttempts?: number;
  readonly webhookRetryDelayMs?: number;
}

/** One request to the API (`/v2/...`), as it came. */
export interface MollieStandInRequest {
  readonly method: string;
  readonly path: string;
  readonly idempotencyKey: string | null;
}

export interface MollieStandIn {
  /** `http://127.0.0.1:<port>`: the checkout pages are under `/checkout/`. */
  readonly url: string;
  /** `http://127.0.0.1:<port>/v2/`: the adapter's `apiBase`. */
  readonly apiBase: string;
  /** Every payment made, by id (live: changes as the payments do). */
  readonly payments: ReadonlyMap<string, MollieStandInPayment>;
  /** Every webhook call, in the order made. */
  readonly notifications: readonly MollieNotification[];
  readonly requests: readonly MollieStandInRequest[];
  /**
   * Gives the payment a status as the checkout page does, and calls its webhook (asynchronously) when Mollie would:
   * on a change to paid, failed, canceled, expired or authorized. `failure` is a failed card payment's details.
   */
  settle(id: string, status: MollieStatus, failure?: { readonly reason: string; readonly message: string }): void;
  /** Calls the payment's webhook again (Mollie's retries, or a duplicate). */
  resend(id: string): void;
  /** Webhook calls wait until `releaseWebhooks` (a slow or late Mollie). */
  holdWebhooks(): void;
  /** Makes the held calls; resolves when they are done. */
  releaseWebhooks(): Promise<void>;
  /** Resolves when every webhook call not held is done (delivered or out of attempts). */
  flushWebhooks(): Promise<void>;
  /** An outage: every request is answered 503 (`unavailable`, Mollie's error body) or its connection cut (`drop`). */
  down(on: boolean, how?: 'unavailable' | 'drop'): void;
  close(): Promise<void>;
}

const webhookStatuses = new Set<MollieStatus>(['paid', 'failed', 'canceled', 'expired', 'authorized']);
const testKey = /^Bearer (test_[A-Za-z0-9]+)$/;

/**
 * A local Mollie: the part of the v2 Payments API the adapter's SDK calls (JSON with HAL links, Bearer `test_` keys,
 * `Idempotency-Key`), the test-mode checkout page, and the webhook calls that follow a status change.
 */
export async function startMollieStandIn(options: MollieStandInOptions = {}): Promise<MollieStandIn> {
  const payments = new Map<string, MollieStandInPayment>();
  const requests: MollieStandInRequest[] = [];
  const webhooks = webhookSender(options.webhookAttempts ?? 4, options.webhookRetryDelayMs ?? 50);
  /** Answers kept by API key and idempotency key, with the request they answered. */
  const replays = new Map<string, { readonly request: string; readonly answer: ApiAnswer }>();
  let outage: 'unavailable' | 'drop' | null = null;
  let base = '';

  function settle(id: string, status: MollieStatus, failure?: { reason: string; message: string }): void {
    const payment = payments.get(id);
    if (!payment) throw new Error(`the Mollie stand-in has no payment ${id}`);
    if (payment.status === status) return;
    payment.status = status;
    payment.changedAt = new Date().toISOString();
    payment.failure = status === 'failed' ? (failure ?? null) : null;
    if (payment.webhookUrl && webhookStatuses.has(status)) webhooks.send(payment.id, payment.webhookUrl, status);
  }

  function api(request: IncomingMessage, path: string, apiKey: string, body: Record<string, unknown>): ApiAnswer {
    const [, id, refunds] = /^\/v2\/payments(?:\/([^/]+)(\/refunds)?)?$/.exec(path) ?? [];
    const own = id === undefined ? undefined : payments.get(id);
    const payment = own?.apiKey === apiKey ? own : undefined;
    if (path === '/v2/payments' && request.method === 'POST') return createPayment(body, apiKey, payments, base);
    if (id !== undefined && !refunds && request.method === 'GET') return getPayment(payment, id, base);
    if (id !== undefined && !refunds && request.method === 'DELETE') return cancelPayment(payment, id, base);
    if (id !== undefined && refunds && request.method === 'POST') return refundPayment(payment, id, body, base);
    return { status: 404, body: mollieError(404, `The resource ${request.method} ${path} does not exist on the stand-in`) };
  }

  /** Mollie keeps the answer to a key and gives it again; the same key on another request is refused. */
  function idempotent(request: IncomingMessage, path: string, apiKey: string, raw: string, answer: () => ApiAnswer): ApiAnswer {
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || (request.method !== 'POST' && request.method !== 'DELETE')) return answer();
    const seen = replays.get(`${apiKey} ${key}`);
    const fingerprint = `${request.method} ${path} ${raw}`;
    if (seen) return seen.request === fingerprint ? seen.answer : { status: 422, body: mollieError(422, 'The Idempotency-Key was already used for another request') };
    const fresh = answer();
    if (fresh.status < 500) replays.set(`${apiKey} ${key}`, { request: fingerprint, answer: fresh });
    return fresh;
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const { pathname: path } = new URL(request.url ?? '/', base);
    const idempotencyKey = request.headers['idempotency-key'];
    requests.push({ method: request.method ?? 'GET', path, idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : null });

    if (outage === 'drop') return void request.socket.destroy();
    // Retry-After: 0 lets the SDK make its two retries at once, so an outage costs a test no time
    if (outage === 'unavailable') return json(response, 503, mollieError(503, 'The Mollie API is temporarily unavailable'), { 'retry-after': '0' });

    const checkout = /^\/checkout\/([^/]+)$/.exec(path);
    if (checkout) return checkoutRoute(request, response, checkout[1] ?? '', raw);
    if (!path.startsWith('/v2/')) return json(response, 404, mollieError(404, `Nothing at ${path}`));

    const apiKey = testKey.exec(request.headers.authorization ?? '')?.[1];
    if (!apiKey) return json(response, 401, mollieError(401, 'Missing authentication, or failed to authenticate'));
    let body: Record<string, unknown> = {};
    if (raw.trim() !== '') {
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return json(response, 400, mollieError(400, 'The request body is not valid JSON'));
      }
    }
    const answer = idempotent(request, path, apiKey, raw, () => api(request, path, apiKey, body));
    json(response, answer.status, answer.body);
  }

  /** The test-mode page: shows the payment, takes the buyer's pick, sends the browser back to the shop. */
  function checkoutRoute(request: IncomingMessage, response: ServerResponse, id: string, raw: string): void {
    const payment = payments.get(id);
    if (!payment) return void response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end(notFoundPage());
    if (request.method === 'POST') {
      const status = new URLSearchParams(raw).get('status');
      if (!isCheckoutChoice(status)) return void response.writeHead(400, { 'content-type': 'text/plain' }).end('Choose a status.');
      if (payment.status === 'open') settle(id, status);
      return void response.writeHead(302, { location: payment.redirectUrl }).end();
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(checkoutPage(payment));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) json(response, 500, mollieError(500, error instanceof Error ? error.message : String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    apiBase: `${base}/v2/`,
    payments,
    notifications: webhooks.notifications,
    requests,
    settle,
    resend(id) {
      const payment = payments.get(id);
      if (!payment?.webhookUrl) throw new Error(`the Mollie stand-in has no payment ${id} with a webhook`);
      webhooks.send(payment.id, payment.webhookUrl, payment.status);
    },
    holdWebhooks: () => webhooks.hold(),
    releaseWebhooks: () => webhooks.release(),
    flushWebhooks: () => webhooks.flush(),
    down(on, how = 'unavailable') {
      outage = on ? how : null;
    },
    async close() {
      webhooks.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await webhooks.flush();
    },
  };
}

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/hal+json; charset=utf-8', ...headers }).end(JSON.stringify(body));
}
