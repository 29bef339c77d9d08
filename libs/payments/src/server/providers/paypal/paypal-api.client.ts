import { ProviderUnavailable } from '../payment-provider.js';

/** Where and as whom the adapter talks to PayPal. */
export interface PayPalConnection {
  readonly clientId: string;
  readonly clientSecret: string;
  /** https://api-m.sandbox.paypal.com, https://api-m.paypal.com, or a stand-in's url. */
  readonly apiBase: string;
  readonly timeoutMs: number;
}

/** PayPal's error body (`name`, `details[].issue`); the OAuth endpoints answer `error` instead. */
export interface PayPalErrorBody {
  readonly name?: string;
  readonly message?: string;
  readonly debug_id?: string;
  readonly details?: readonly { readonly issue?: string; readonly description?: string }[];
  readonly error?: string;
  readonly error_description?: string;
}

export type PayPalAnswer<T> =
  | { readonly ok: true; readonly status: number; readonly body: T }
  /** A 4xx PayPal explained: the caller decides whether it is a payment outcome or a fault. */
  | { readonly ok: false; readonly status: number; readonly error: PayPalErrorBody };

export interface PayPalApi {
  call<T>(method: 'GET' | 'POST', path: string, options?: { readonly body?: unknown; readonly requestId?: string }): Promise<PayPalAnswer<T>>;
}

/** The first `details[].issue` of an error (`ORDER_ALREADY_CAPTURED`), else its `name`. */
export const issueOf = (error: PayPalErrorBody): string => error.details?.[0]?.issue ?? error.name ?? error.error ?? 'UNKNOWN';

export const unavailable = (what: string, answer?: { status: number; error: PayPalErrorBody }): ProviderUnavailable =>
  new ProviderUnavailable(
    'PAYPAL',
    new Error(answer ? `${what}: HTTP ${answer.status} ${issueOf(answer.error)} (debug_id ${answer.error.debug_id ?? '-'})` : what),
  );

/**
 * PayPal's REST API over fetch: an OAuth2 client-credentials token, cached until shortly before it expires (one
 * token request for any number of concurrent calls, a fresh one when PayPal says the token is no longer valid).
 * Network failures, timeouts, 5xx and bodies that are not JSON throw ProviderUnavailable; a 4xx is handed back.
 */
export function paypalApi(connection: PayPalConnection): PayPalApi {
  let token: { readonly value: string; readonly expiresAt: number } | null = null;
  let tokenRequest: Promise<string> | null = null;

  async function send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; json: unknown }> {
    let response: Response;
    try {
      response = await fetch(`${connection.apiBase.replace(/\/+$/, '')}${path}`, { method, headers, body, signal: AbortSignal.timeout(connection.timeoutMs) });
    } catch (error) {
      throw new ProviderUnavailable('PAYPAL', error);
    }
    const text = await response.text().catch(() => '');
    if (response.status >= 500) throw unavailable(`${method} ${path}: HTTP ${response.status}`);
    try {
      return { status: response.status, json: text === '' ? {} : JSON.parse(text) };
    } catch {
      throw unavailable(`${method} ${path}: HTTP ${response.status} answered with a body that is not JSON`);
    }
  }

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${connection.clientId}:${connection.clientSecret}`).toString('base64');
    const { status, json } = await send(
      'POST',
      '/v1/oauth2/token',
      { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      'grant_type=client_credentials',
    );
    const body = json as { access_token?: unknown; expires_in?: unknown } & PayPalErrorBody;
    if (status !== 200 || typeof body.access_token !== 'string') throw unavailable('OAuth2 token', { status, error: body });
    const lifetimeSeconds = typeof body.expires_in === 'number' ? body.expires_in : 0;
    // A minute early, so that a token never expires between our check and PayPal's.
    token = { value: body.access_token, expiresAt: Date.now() + Math.max(0, lifetimeSeconds - 60) * 1000 };
    return body.access_token;
  }

  function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return Promise.resolve(token.value);
    tokenRequest ??= fetchToken().finally(() => (tokenRequest = null));
    return tokenRequest;
  }

  return {
    async call<T>(method: 'GET' | 'POST', path: string, options: { body?: unknown; requestId?: string } = {}): Promise<PayPalAnswer<T>> {
      for (let attempt = 1; ; attempt++) {
        const headers: Record<string, string> = { authorization: `Bearer ${await accessToken()}`, accept: 'application/json' };
        if (method === 'POST') headers['content-type'] = 'application/json';
        if (options.requestId) headers['paypal-request-id'] = options.requestId;
        const body = method === 'POST' ? JSON.stringify(options.body ?? {}) : undefined;
        const { status, json } = await send(method, path, headers, body);
        if (status >= 200 && status < 300) return { ok: true, status, body: json as T };
        // A token PayPal revoked or rotated before its time: fetch a new one once.
        if (status === 401 && attempt === 1) {
          token = null;
          continue;
        }
        return { ok: false, status, error: json as PayPalErrorBody };
      }
    },
  };
}
