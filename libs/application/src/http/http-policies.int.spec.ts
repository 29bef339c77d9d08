import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, startTestApp, type TestApp } from '@ticketing/testing/app';

describe('cross-cutting HTTP rules (reference 1.3-1.4)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('hands a new visitor a session token and an anti-forgery token on a public GET', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v2/public/i18n/languages' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-auth-token']).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.headers['xsrf-token']).toBeTruthy();
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    expect(cookies.some((c) => c.startsWith('XSRF-TOKEN=') && !c.includes('HttpOnly'))).toBe(true);
    expect(cookies.some((c) => c.startsWith('ALFIO_SESSION=') && c.includes('HttpOnly'))).toBe(true);
  });

  it('keeps the session the client sends back and publishes a differently masked token each time', async () => {
    const { sessionId, xsrf } = await openSession(app);
    const again = await app.inject({ method: 'GET', url: '/api/v2/public/i18n/languages', headers: { 'x-auth-token': sessionId } });
    expect(again.headers['x-auth-token']).toBeUndefined();
    expect(again.headers['xsrf-token']).toBeTruthy();
    expect(again.headers['xsrf-token']).not.toBe(xsrf);
  });

  it('refuses a write without the anti-forgery token with 403', async () => {
    const { sessionId } = await openSession(app);
    const response = await app.inject({ method: 'POST', url: '/api/v2/public/i18n/languages', headers: { 'x-auth-token': sessionId } });
    expect(response.statusCode).toBe(403);
  });

  it('refuses a token minted for another session, and a write without any session', async () => {
    const mine = await openSession(app);
    const theirs = await openSession(app);
    const stolen = await app.inject({
      method: 'DELETE',
      url: '/api/v2/public/i18n/languages',
      headers: { 'x-auth-token': mine.sessionId, 'x-xsrf-token': theirs.xsrf },
    });
    expect(stolen.statusCode).toBe(403);
    const anonymous = await app.inject({ method: 'PUT', url: '/api/v2/public/i18n/languages', headers: { 'x-xsrf-token': mine.xsrf } });
    expect(anonymous.statusCode).toBe(403);
  });

  it.each(['x-csrf-token', 'x-xsrf-token'])('lets a write with a valid %s through to routing', async (header) => {
    const { sessionId, xsrf } = await openSession(app);
    const response = await app.inject({ method: 'POST', url: '/api/v2/public/i18n/languages', headers: { 'x-auth-token': sessionId, [header]: xsrf } });
    expect(response.statusCode).toBe(405); // the path has no such write: the anti-forgery check passed
  });

  it('accepts the session from the cookie when the header is absent', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/v2/public/i18n/languages' });
    const cookies = ([] as string[]).concat(first.headers['set-cookie'] ?? []);
    const session = cookies.find((c) => c.startsWith('ALFIO_SESSION='))!.split(';')[0]!;
    const xsrfCookie = cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.split(';')[0]!;
    const xsrf = decodeURIComponent(xsrfCookie.slice('XSRF-TOKEN='.length));
    const response = await app.inject({ method: 'POST', url: '/api/v2/public/nothing-here', headers: { cookie: session, 'x-xsrf-token': xsrf } });
    expect(response.statusCode).toBe(404);
  });

  it('marks GETs under /api/v2 with Alfio-OpenId-Enabled and every answer with the security headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v2/info' });
    expect(response.headers['alfio-openid-enabled']).toBe('false');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('makes no session (no Set-Cookie) for answers everyone shares', async () => {
    for (const url of ['/api/v2/info', '/api/health', '/api/openapi.json']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('answers an unknown API path 404 with an empty body', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v2/public/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe('');
  });

  it('answers a path the router cannot read (a broken percent sequence, a segment over 8 KiB) with 400 `bad request`, the path not echoed', async () => {
    for (const url of ['/api/v2/public/reservation/%E0%A4%A/status', `/api/v2/public/reservation/${'x'.repeat(8_193)}/status`]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url.slice(0, 60)).toBe(400);
      expect(response.body).toBe('bad request');
    }
  });

  it('answers a long path parameter as its route answers a short one: an unknown event 404, an ill-formed id 422 (no 400 from 101 characters on)', async () => {
    const answer = async (url: string) => {
      const response = await app.inject({ method: 'GET', url });
      return [response.statusCode, response.body];
    };
    for (const length of [101, 200]) {
      expect(await answer(`/api/v2/public/event/${'a'.repeat(length)}`), String(length)).toEqual(await answer(`/api/v2/public/event/${'a'.repeat(50)}`));
      expect(await answer(`/api/v2/public/event/${'%C3%A9'.repeat(length)}/ticket-categories`)).toEqual(await answer(`/api/v2/public/event/${'%C3%A9'.repeat(10)}/ticket-categories`));
      expect(await answer(`/api/v2/public/reservation/${'x'.repeat(length)}/status`)).toEqual(await answer(`/api/v2/public/reservation/${'x'.repeat(40)}/status`));
    }
    expect((await answer(`/api/v2/public/event/${'a'.repeat(200)}`))[0]).toBe(404);
    expect((await answer(`/api/v2/public/reservation/${'x'.repeat(200)}/status`))[0]).toBe(422);
    // up to 8 KiB the route's own rules answer, as for any bad value: a short name over 255 characters is too long
    const long = await app.inject({ method: 'GET', url: `/api/v2/public/event/${'a'.repeat(8_192)}` });
    expect([long.statusCode, long.json().validationErrors]).toEqual([422, [{ fieldName: 'shortName', code: 'error.tooLong', arguments: { '0': 255 } }]]);
  });

  it('refuses a JSON body with a lone surrogate 400 naming that field, before the handler (it broke a ticket for good), even nested deep', async () => {
    const response = await app.inject({ method: 'POST', url: '/report-csp-violation', headers: { 'content-type': 'application/csp-report' }, payload: '{"csp-report": {"blocked-uri": "in\\ud800line"}}' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, errorCount: 1, value: null, warnings: [], validationErrors: [{ fieldName: 'csp-report.blocked-uri', code: 'error.malformedRequest', arguments: null }] });
    const deep = await app.inject({ method: 'POST', url: '/report-csp-violation', headers: { 'content-type': 'application/csp-report' }, payload: `{"csp-report": ${'['.repeat(5_000)}${']'.repeat(5_000)}}` });
    expect(deep.statusCode).toBe(422);
    const paired = await app.inject({ method: 'POST', url: '/report-csp-violation', headers: { 'content-type': 'application/csp-report' }, payload: '{"csp-report": {"blocked-uri": "in\\ud83d\\udca5line"}}' });
    expect(paired.statusCode).toBe(204);
  });

  it('answers a method the path does not have 405 "method not supported" with Allow, and a path that does not exist 404', async () => {
    for (const [method, url] of [['DELETE', '/api/v2/public/events'], ['PATCH', '/api/v2/public/reservation/9d0b4a1e-0000-4000-8000-000000000000'], ['PUT', '/api/v2/public/i18n/languages']] as const) {
      const response = await app.inject({ method, url, headers: await app.session() });
      expect(response.statusCode, `${method} ${url}`).toBe(405);
      expect(response.body).toBe('method not supported');
      expect(String(response.headers['content-type'])).toMatch(/^text\/plain/);
      expect(response.headers['allow']).toMatch(/GET/);
    }
    expect((await app.inject({ method: 'PATCH', url: '/api/v2/public/no-such-thing', headers: await app.session() })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/v2/public/events' })).statusCode).toBe(200);
  });

  it('answers a body that is not JSON with 400 and the text `bad request` (reference 1.3), and a wrong shape with 422', async () => {
    const malformed = await app.inject({ method: 'POST', url: '/report-csp-violation', headers: { 'content-type': 'application/json' }, payload: '{"csp-report": ' });
    expect(malformed.statusCode).toBe(400);
    expect(String(malformed.headers['content-type'])).toMatch(/^text\/plain/);
    expect(malformed.body).toBe('bad request');
    const { sessionId, xsrf } = await openSession(app);
    const reserve = await app.inject({
      method: 'POST',
      url: '/api/v2/public/event/any/reserve-tickets?lang=en',
      headers: { 'x-auth-token': sessionId, 'x-csrf-token': xsrf, 'content-type': 'application/json' },
      payload: '{"reservation": [',
    });
    expect(reserve.statusCode).toBe(400);
    expect(reserve.body).toBe('bad request');
    const wrong = await app.inject({ method: 'POST', url: '/report-csp-violation', headers: { 'content-type': 'application/csp-report' }, payload: '{"csp-report": {"blocked-uri": 42}}' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().validationErrors[0]).toMatchObject({ fieldName: 'csp-report.blocked-uri', code: 'error.invalidFormat' });
    const fine = await app.inject({ method: 'POST', url: '/report-csp-violation', headers: { 'content-type': 'application/csp-report' }, payload: '{"csp-report": {"blocked-uri": "inline"}}' });
    expect(fine.statusCode).toBe(204);
  });
});
