// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, customFetch, getSessionToken, isChallengeError, resetHttpState, setAuthStatusListener } from './http';

type Call = { url: string; init: RequestInit; headers: Headers };

function stubFetch(...responses: Response[]) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    calls.push({ url, init, headers: new Headers(init.headers) });
    const next = responses.shift();
    if (!next) throw new Error(`no response left for ${url}`);
    return next;
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

const json = (body: unknown, init: { status?: number; headers?: Record<string, string> } = {}) =>
  new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });

function setMeta(name: string, content: string) {
  const meta = document.createElement('meta');
  meta.name = name;
  meta.content = content;
  document.head.appendChild(meta);
}

const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;

describe('customFetch (Orval fetch mutator)', () => {
  beforeEach(() => {
    resetHttpState();
    document.head.innerHTML = '';
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('answers { data, status, headers } for a 2xx, with the JSON body parsed', async () => {
    stubFetch(json({ devModeEnabled: true }, { headers: { 'X-Extra': 'yes' } }));
    const response = await customFetch<{ data: unknown; status: number; headers: Headers }>('/api/v2/info', { method: 'GET' });
    expect(response.data).toEqual({ devModeEnabled: true });
    expect(response.status).toBe(200);
    expect(response.headers.get('X-Extra')).toBe('yes');
  });

  it('parses raw JSON booleans and answers {} for an empty body, as Orval does', async () => {
    stubFetch(json(false), new Response(null, { status: 204 }));
    expect(await customFetch<{ data: unknown }>('/api/v2/public/user/authentication-enabled', {})).toMatchObject({ data: false });
    expect(await customFetch<{ data: unknown; status: number }>('/api/v2/public/user/me', {})).toMatchObject({ data: {}, status: 204 });
  });

  it('sends the session token of the GID meta as X-Auth-Token, and no anti-forgery header on GET', async () => {
    setMeta('GID', 'session-1');
    setMeta('XSRF_TOKEN', 'xsrf-1');
    const calls = stubFetch(json([]));
    await customFetch('/api/v2/public/i18n/languages', { method: 'GET' });
    expect(calls[0]?.headers.get('X-Auth-Token')).toBe('session-1');
    expect(calls[0]?.headers.has('X-XSRF-TOKEN')).toBe(false);
    expect(calls[0]?.headers.has('X-CSRF-TOKEN')).toBe(false);
    expect(calls[0]?.init.method).toBe('GET');
  });

  it('keeps the session token a response hands out, in memory and in the meta', async () => {
    setMeta('GID', 'old');
    const calls = stubFetch(json({}, { headers: { 'X-Auth-Token': 'renewed' } }), json({}));
    await customFetch('/api/v2/public/events', {});
    await customFetch('/api/v2/public/events', {});
    expect(calls[1]?.headers.get('X-Auth-Token')).toBe('renewed');
    expect(meta('GID')).toBe('renewed');
    expect(getSessionToken()).toBe('renewed');
  });

  it('forgets the session when the server answers an empty X-Auth-Token', async () => {
    setMeta('GID', 'expired');
    const calls = stubFetch(json({}, { headers: { 'X-Auth-Token': '' } }), json({}));
    await customFetch('/api/v2/public/events', {});
    await customFetch('/api/v2/public/events', {});
    expect(calls[1]?.headers.has('X-Auth-Token')).toBe(false);
  });

  it('sends the latest XSRF token as X-XSRF-TOKEN and X-CSRF-TOKEN on non-GET requests', async () => {
    setMeta('XSRF_TOKEN', 'from-meta');
    const calls = stubFetch(
      json({}),
      json({}, { headers: { 'XSRF-TOKEN': 'from-header' } }),
      json({ success: true }),
    );
    await customFetch('/api/v2/public/reservation/r1', { method: 'DELETE' });
    expect(calls[0]?.headers.get('X-XSRF-TOKEN')).toBe('from-meta');
    expect(calls[0]?.headers.get('X-CSRF-TOKEN')).toBe('from-meta');

    await customFetch('/api/v2/public/events', { method: 'GET' });
    expect(meta('XSRF_TOKEN')).toBe('from-header');

    await customFetch('/api/v2/public/event/demo/reserve-tickets', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(calls[2]?.headers.get('X-XSRF-TOKEN')).toBe('from-header');
    expect(calls[2]?.headers.get('X-CSRF-TOKEN')).toBe('from-header');
    expect(calls[2]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[2]?.init.body).toBe('{}');
  });

  it('prefers the XSRF-TOKEN cookie over the meta value', async () => {
    setMeta('XSRF_TOKEN', 'from-meta');
    document.cookie = 'XSRF-TOKEN=from-cookie; path=/';
    const calls = stubFetch(json({}));
    await customFetch('/api/v2/public/user/logout', { method: 'POST' });
    expect(calls[0]?.headers.get('X-XSRF-TOKEN')).toBe('from-cookie');
    expect(calls[0]?.headers.get('X-CSRF-TOKEN')).toBe('from-cookie');
  });

  it('reports Alfio-OpenId-Enabled to the auth-status listener', async () => {
    const listener = vi.fn();
    setAuthStatusListener(listener);
    stubFetch(
      json({}, { headers: { 'Alfio-OpenId-Enabled': 'true' } }),
      json({}, { headers: { 'Alfio-OpenId-Enabled': 'false' } }),
      json({}),
    );
    await customFetch('/api/v2/public/events', {});
    await customFetch('/api/v2/public/events', {});
    await customFetch('/api/v2/info', {});
    expect(listener.mock.calls).toEqual([[true], [false]]);
  });

  it('throws a typed ApiError with status, parsed body and headers on non-2xx', async () => {
    const body = { success: false, errorCount: 1, validationErrors: [{ fieldName: 'email', code: 'error.email', arguments: null }] };
    stubFetch(json(body, { status: 422, headers: { 'X-Trace': 't1' } }));
    const error = await customFetch('/api/v2/public/reservation/r1/validate-to-overview', { method: 'POST' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError<typeof body>;
    expect(apiError.status).toBe(422);
    expect(apiError.body).toEqual(body);
    expect(apiError.headers.get('X-Trace')).toBe('t1');
    expect(apiError.url).toBe('/api/v2/public/reservation/r1/validate-to-overview');
  });

  it('keeps a text body as text and an empty 404 as null', async () => {
    stubFetch(new Response('unexpected exception', { status: 500 }), new Response('', { status: 404 }));
    await expect(customFetch('/api/v2/public/x', {})).rejects.toMatchObject({ status: 500, body: 'unexpected exception' });
    await expect(customFetch('/api/v2/public/event/none', {})).rejects.toMatchObject({ status: 404, body: null });
  });

  it('recognises a challenge answer (403 with a verification-missing or mitigation header)', async () => {
    stubFetch(
      new Response('', { status: 403, headers: { 'Alfio-Verification-Missing': 'turnstile' } }),
      new Response('', { status: 403, headers: { 'cf-mitigated': 'challenge' } }),
      new Response('', { status: 403 }),
    );
    const errors = await Promise.all(
      [1, 2, 3].map(() => customFetch('/api/v2/public/event/demo/reserve-tickets', { method: 'POST' }).catch((e: unknown) => e)),
    );
    expect(errors.map(isChallengeError)).toEqual([true, true, false]);
  });

  it('never sends tokens to another origin', async () => {
    setMeta('GID', 'secret-session');
    setMeta('XSRF_TOKEN', 'secret-xsrf');
    const calls = stubFetch(json({}, { headers: { 'X-Auth-Token': 'evil' } }));
    await customFetch('https://elsewhere.example/api', { method: 'POST' });
    expect(calls[0]?.headers.has('X-Auth-Token')).toBe(false);
    expect(calls[0]?.headers.has('X-XSRF-TOKEN')).toBe(false);
    expect(getSessionToken()).toBe('secret-session');
  });

  it('passes the abort signal through', async () => {
    const controller = new AbortController();
    const calls = stubFetch(json({}));
    await customFetch('/api/v2/info', { signal: controller.signal, method: 'GET' });
    expect(calls[0]?.init.signal).toBe(controller.signal);
  });
});
