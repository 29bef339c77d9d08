import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { messagePage, paymentPage } from './saferpay-payment.page.js';
import { saferpayActions, saferpayError, type Answer } from './saferpay-actions.js';
import { saferpayLedger, type SaferpayOutcome, type SaferpayStandInPayment } from './saferpay-ledger.js';
import { readBody, sendHtml, sendJson } from '../http/stand-in-http.js';

export type { SaferpayOutcome, SaferpayStandInPayment, SaferpayStandInRefund } from './saferpay-ledger.js';

export interface SaferpayStandInOptions {
  /** Only these JSON API credentials are accepted; any when absent. */
  readonly credentials?: { readonly username: string; readonly password: string };
  /** Only this customer id is accepted; any when absent. */
  readonly customerId?: string;
  /** Only this terminal id is accepted; any when absent. */
  readonly terminalId?: string;
}

/** One call of a notify URL and what it answered (0: unreachable, null: under way). */
export interface SaferpayNotification {
  readonly token: string;
  readonly url: string;
  status: number | null;
}

export interface SaferpayStandIn {
  /** The origin of the payment pages. */
  readonly url: string;
  /** `apiBase` of the adapter: `${url}/api`, as https://test.saferpay.com/api. */
  readonly apiBase: string;
  readonly payments: ReadonlyMap<string, SaferpayStandInPayment>;
  readonly notifications: readonly SaferpayNotification[];
  /** Every API request (`/Payment/v1/PaymentPage/Assert` ...), in order. */
  readonly calls: readonly string[];
  /** What a button of the page does; returns the ReturnUrl the browser is sent to. */
  settle(token: string, outcome: SaferpayOutcome): string;
  /** The token's time runs out before the payer acted. */
  expire(token: string): void;
  holdWebhooks(): void;
  releaseWebhooks(): Promise<void>;
  /** Waits for notify calls under way. */
  webhooksDelivered(): Promise<void>;
  /** While down, every API call answers 503 with an HTML page, as a gateway in front of it would. */
  down(isDown: boolean): void;
  close(): Promise<void>;
}

const ID = /^[A-Za-z0-9.:_-]{1,50}$/;

/**
 * A local Saferpay (JSON API: PaymentPage Initialize and Assert, Transaction Capture and Refund; the Payment Page;
 * the notify calls) on 127.0.0.1, for the tests and for running the shop without a test account.
 */
export async function startSaferpayStandIn(options: SaferpayStandInOptions = {}): Promise<SaferpayStandIn> {
  const ledger = saferpayLedger();
  const replies = new Map<string, Answer>();
  const notifications: SaferpayNotification[] = [];
  const inFlight = new Set<Promise<void>>();
  const calls: string[] = [];
  let held: { token: string; url: string }[] | null = null;
  let isDown = false;
  let origin = '';

  function notify(token: string, url: string): void {
    if (held) return void held.push({ token, url });
    const call: SaferpayNotification = { token, url, status: null };
    notifications.push(call);
    const sending = fetch(url, { signal: AbortSignal.timeout(10_000) })
      .then(async (response) => {
        await response.arrayBuffer();
        call.status = response.status;
      })
      .catch(() => void (call.status = 0))
      .finally(() => inFlight.delete(sending));
    inFlight.add(sending);
  }

  async function webhooksDelivered(): Promise<void> {
    while (inFlight.size > 0) await Promise.all([...inFlight]);
  }

  function settle(payment: SaferpayStandInPayment, outcome: SaferpayOutcome): boolean {
    if (!ledger.settle(payment, outcome)) return false;
    const url = outcome === 'pay' ? payment.successNotifyUrl : payment.failNotifyUrl;
    if (url) notify(payment.token, url);
    return true;
  }

  const actions = saferpayActions(ledger, () => origin, options.terminalId);

  function api(request: IncomingMessage, path: string, text: string): Answer {
    const endpoint = actions[path];
    if (!endpoint || request.method !== 'POST') return saferpayError(404, '', 'ACTION_NOT_SUPPORTED', `No such action: ${request.method} ${path}`);
    const [scheme, encoded] = (request.headers.authorization ?? '').split(' ');
    const [username, ...password] = Buffer.from(encoded ?? '', 'base64').toString('utf8').split(':');
    const expected = options.credentials;
    if (scheme !== 'Basic' || !username || (expected && (expected.username !== username || expected.password !== password.join(':')))) {
      return saferpayError(401, '', 'AUTHENTICATION_FAILED', 'Unable to authenticate request');
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return saferpayError(400, '', 'VALIDATION_FAILED', 'Request validation failed', { ErrorDetail: ['The body is not JSON'] });
    }
    const header = body['RequestHeader'] as { SpecVersion?: unknown; CustomerId?: unknown; RequestId?: unknown; RetryIndicator?: unknown } | undefined;
    const requestId = typeof header?.RequestId === 'string' ? header.RequestId : '';
    if (typeof header?.SpecVersion !== 'string' || typeof header.CustomerId !== 'string' || !ID.test(requestId) || !Number.isInteger(header.RetryIndicator)) {
      return saferpayError(400, requestId, 'VALIDATION_FAILED', 'Request validation failed', { ErrorDetail: ['RequestHeader: SpecVersion, CustomerId, RequestId Id[1..50], RetryIndicator'] });
    }
    if (options.customerId && header.CustomerId !== options.customerId) return saferpayError(403, requestId, 'PERMISSION_DENIED', 'Unknown customer');
    // The same RequestId on the same action is the same request: it answers what it answered the first time.
    const key = `${path} ${header.CustomerId} ${requestId}`;
    const known = replies.get(key);
    if (known) return known;
    const answer = endpoint(body, requestId);
    const withHeader: Answer = { status: answer.status, body: { ResponseHeader: { SpecVersion: '1.40', RequestId: requestId }, ...answer.body } };
    replies.set(key, withHeader);
    return withHeader;
  }

  async function page(request: IncomingMessage, response: ServerResponse, token: string): Promise<void> {
    const payment = ledger.payments.get(token);
    if (!payment) return sendHtml(response, 404, messagePage('Saferpay test payment', 'This payment link is not valid.'));
    if (request.method === 'GET') {
      if (payment.state !== 'OPEN') return sendHtml(response, 410, messagePage('Saferpay test payment', 'This payment is closed.'));
      return sendHtml(response, 200, paymentPage(payment));
    }
    const action = new URLSearchParams(await readBody(request)).get('action');
    if (action !== 'pay' && action !== 'decline' && action !== 'cancel') return sendHtml(response, 400, messagePage('Saferpay test payment', 'Choose Pay, Decline or Cancel.'));
    if (!settle(payment, action)) return sendHtml(response, 410, messagePage('Saferpay test payment', 'This payment is closed.'));
    response.writeHead(302, { location: payment.returnUrl }).end();
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', origin);
    const handle = async () => {
      const pageToken = url.pathname.match(/^\/vt\/([^/]+)$/)?.[1];
      if (pageToken && (request.method === 'GET' || request.method === 'POST')) return page(request, response, decodeURIComponent(pageToken));
      const text = await readBody(request);
      calls.push(url.pathname.replace(/^\/api/, ''));
      if (isDown) return sendHtml(response, 503, messagePage('Service Unavailable', 'Saferpay is down for maintenance.'));
      const answer = api(request, url.pathname, text);
      sendJson(response, answer.status, answer.body);
    };
    handle().catch((e: unknown) => sendHtml(response, 500, messagePage('Internal error', String(e))));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const find = (token: string): SaferpayStandInPayment => {
    const payment = ledger.payments.get(token);
    if (!payment) throw new Error(`no payment ${token}`);
    return payment;
  };

  return {
    url: origin,
    apiBase: `${origin}/api`,
    payments: ledger.payments,
    notifications,
    calls,
    settle(token, outcome) {
      const payment = find(token);
      if (!settle(payment, outcome)) throw new Error(`payment ${token} is ${payment.state}`);
      return payment.returnUrl;
    },
    expire(token) {
      const payment = find(token);
      if (payment.state !== 'OPEN') throw new Error(`payment ${token} is ${payment.state}`);
      payment.state = 'EXPIRED';
    },
    holdWebhooks() {
      held ??= [];
    },
    async releaseWebhooks() {
      const queued = held ?? [];
      held = null;
      for (const { token, url } of queued) notify(token, url);
      await webhooksDelivered();
    },
    webhooksDelivered,
    down(value) {
      isDown = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
