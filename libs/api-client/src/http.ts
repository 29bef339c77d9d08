/**
 * The fetch mutator of the generated client (Orval 7.13, `client: 'react-query'`, `httpClient: 'fetch'`).
 *
 * Orval calls `customFetch<TResponse>(url, init)` where TResponse is `{ data, status, headers }` (its
 * default `includeHttpResponseReturnType: true`), so this returns that shape. Non-2xx answers throw an
 * `ApiError` instead: the query/mutation sees it as its error (typed through `ErrorType` below).
 *
 * Session and anti-forgery tokens (public-api.md 1.4):
 * - the session token starts from `<meta name="GID">` (injected by the server), lives in memory, is sent as
 *   `X-Auth-Token` and replaced by any `X-Auth-Token` response header (an empty value ends the session);
 * - the XSRF token starts from `<meta name="XSRF_TOKEN">` and follows `XSRF-TOKEN` response headers; on a
 *   non-GET request the `XSRF-TOKEN` cookie wins when present, and the value goes out as both
 *   `X-XSRF-TOKEN` and `X-CSRF-TOKEN`;
 * - `Alfio-OpenId-Enabled: true|false` feeds the auth-status listener.
 * Tokens only ever go to our own origin: an absolute URL to another host gets none of them.
 */

export const SESSION_META = 'GID';
export const XSRF_META = 'XSRF_TOKEN';
export const XSRF_COOKIE = 'XSRF-TOKEN';

/** A non-2xx answer. `body` is the parsed JSON when the server sent JSON, else the text (or null when empty). */
export class ApiError<TBody = unknown> extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly body: TBody,
    readonly headers: Headers,
    readonly url: string,
  ) {
    super(`HTTP ${status} for ${url}`);
  }
}

/** Orval imports these by name when the mutator file exports them: hooks get `ApiError` as their error type. */
export type ErrorType<TBody> = ApiError<TBody>;
export type BodyType<TBody> = TBody;

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

type Status2xx = 200 | 201 | 202 | 203 | 204 | 205 | 206 | 207;

/**
 * The 2xx variants of a generated response union. Orval types a call as success | error (`{ data, status }` for
 * each documented status), but this mutator throws an ApiError for every non-2xx: what resolves is a success.
 */
export type SuccessResponse<T> = Extract<T, { status: Status2xx }>;

/** The body of a resolved call, typed as its success variant (use as a query's `select`). */
export const successData = <T extends { status: number; data: unknown }>(response: T): SuccessResponse<T>['data'] =>
  response.data as SuccessResponse<T>['data'];

/** 403 with a verification-missing header, or a Cloudflare mitigation: show the challenge and retry (spec 8). */
export const isChallengeError = (error: unknown): boolean =>
  isApiError(error) &&
  error.status === 403 &&
  (error.headers.has('Alfio-Verification-Missing') || error.headers.get('cf-mitigated') === 'challenge');

type AuthStatusListener = (openIdEnabled: boolean) => void;

let sessionToken: string | undefined;
let xsrfToken: string | undefined;
let authStatusListener: AuthStatusListener | undefined;

/** Called with the value of every `Alfio-OpenId-Enabled` response header; pass undefined to stop. */
export function setAuthStatusListener(listener: AuthStatusListener | undefined): void {
  authStatusListener = listener;
}

export function getSessionToken(): string | undefined {
  return sessionToken ?? readMeta(SESSION_META);
}

export function getXsrfToken(): string | undefined {
  return readCookie(XSRF_COOKIE) ?? xsrfToken ?? readMeta(XSRF_META);
}

/** Forget the in-memory tokens (tests, logout): the next call reads the meta tags again. */
export function resetHttpState(): void {
  sessionToken = undefined;
  xsrfToken = undefined;
  authStatusListener = undefined;
}

export const customFetch = async <T>(url: string, options: RequestInit = {}): Promise<T> => {
  const method = (options.method ?? 'GET').toUpperCase();
  const sameOrigin = isSameOrigin(url);
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');

  if (sameOrigin) {
    const session = getSessionToken();
    if (session) headers.set('X-Auth-Token', session);
    if (!SAFE_METHODS.has(method)) {
      const xsrf = getXsrfToken();
      if (xsrf) {
        headers.set('X-XSRF-TOKEN', xsrf);
        headers.set('X-CSRF-TOKEN', xsrf);
      }
    }
  }

  const response = await fetch(url, { ...options, method, headers });

  if (sameOrigin) rememberTokens(response.headers);

  const body = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, body, response.headers, url);
  // Orval's own fetch client answers `{}` for an empty body; keep that so generated types hold.
  return { data: body ?? {}, status: response.status, headers: response.headers } as T;
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

function rememberTokens(headers: Headers): void {
  const session = headers.get('X-Auth-Token');
  if (session !== null) {
    sessionToken = session;
    writeMeta(SESSION_META, session);
  }
  const xsrf = headers.get('XSRF-TOKEN');
  if (xsrf) {
    xsrfToken = xsrf;
    writeMeta(XSRF_META, xsrf);
  }
  const openId = headers.get('Alfio-OpenId-Enabled');
  if (openId !== null && authStatusListener) authStatusListener(openId.trim().toLowerCase() === 'true');
}

async function readBody(response: Response): Promise<unknown> {
  if ([204, 205, 304].includes(response.status)) return null;
  const text = await response.text();
  if (text === '') return null;
  const type = response.headers.get('Content-Type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function isSameOrigin(url: string): boolean {
  if (typeof location === 'undefined') return !/^[a-z][a-z\d+.-]*:/i.test(url) && !url.startsWith('//');
  try {
    return new URL(url, location.href).origin === location.origin;
  } catch {
    return false;
  }
}

function readMeta(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
  return content ? content : undefined;
}

function writeMeta(name: string, value: string): void {
  if (typeof document === 'undefined') return;
  let meta = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = name;
    document.head.appendChild(meta);
  }
  meta.content = value;
}

function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined' || !document.cookie) return undefined;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const value = decodeURIComponent(part.slice(eq + 1).trim());
      return value ? value : undefined;
    }
  }
  return undefined;
}
