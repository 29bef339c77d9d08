import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openSession, startTestApp, startSiteverifyStandIn, unreachableUrl, type TestApp, type SiteverifyStandIn } from '@ticketing/testing/app';

const SECRET = '0x4AAAAAAAtest-secret';
const GOOD = 'XXXX.DUMMY.TOKEN.XXXX';
const RESERVE = '/api/v2/public/event/no-such-event/reserve-tickets?lang=en';
const SUBSCRIBE = '/api/v2/public/subscription/00000000-0000-4000-8000-000000000000';
const FORM = { reservation: [{ ticketCategoryId: 1, amount: 1 }] };

let standIn: SiteverifyStandIn;
beforeAll(async () => {
  standIn = await startSiteverifyStandIn(SECRET, GOOD);
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.calls.length = 0;
});

function turnstileEnv(extra: Record<string, string> = {}): Record<string, string> {
  return { TURNSTILE_ENABLED: 'true', TURNSTILE_SITE_KEY: '1x00000000000000000000AA', TURNSTILE_SECRET: SECRET, TURNSTILE_VERIFY_URL: standIn.url, RATE_LIMITS: 'off', ...extra };
}

async function post(app: TestApp, url: string, headers: Record<string, string> = {}, payload: unknown = FORM, remoteAddress?: string) {
  const { sessionId, xsrf } = await openSession(app);
  return app.inject({
    method: 'POST',
    url,
    headers: { 'x-auth-token': sessionId, 'x-csrf-token': xsrf, 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

function expectChallenged(response: { statusCode: number; headers: Record<string, unknown> }) {
  expect(response.statusCode).toBe(403);
  expect(response.headers['alfio-verification-missing']).toBe('turnstile');
}

function expectPassed(response: { statusCode: number; headers: Record<string, unknown> }) {
  expect(response.statusCode).not.toBe(403);
  expect(response.headers['alfio-verification-missing']).toBeUndefined();
}

describe('human verification switched off (the default)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ TURNSTILE_VERIFY_URL: standIn.url });
  });
  afterAll(() => app.close());

  it('asks for no token and never calls the verification service', async () => {
    expectPassed(await post(app, RESERVE));
    const subscribe = await post(app, SUBSCRIBE, {}, '{}');
    expect(subscribe.statusCode).toBe(404);
    expect(standIn.calls).toEqual([]);
  });

  it('tells the storefront there is no challenge', async () => {
    const info = (await app.inject({ method: 'GET', url: '/api/v2/info' })).json();
    expect(info.challengeConfiguration).toEqual({ apiKey: null, enabled: false, providerId: null });
  });

  it("keeps Cloudflare's widget out of the page's content security policy", async () => {
    const csp = String((await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('challenges.cloudflare.com');
  });
});

describe('human verification switched on', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(turnstileEnv());
  });
  afterAll(() => app.close());

  it('publishes the site key where the storefront reads it', async () => {
    const info = (await app.inject({ method: 'GET', url: '/api/v2/info' })).json();
    expect(info.challengeConfiguration).toEqual({ apiKey: '1x00000000000000000000AA', enabled: true, providerId: 'turnstile' });
  });

  it("lets the page load Cloudflare's widget (script and iframe) under its content security policy", async () => {
    const csp = String((await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://challenges.cloudflare.com;");
    expect(csp).toContain('frame-src https://challenges.cloudflare.com;');
  });

  it.each([RESERVE, SUBSCRIBE])('refuses POST %s without the header with 403 and Alfio-Verification-Missing', async (url) => {
    const response = await post(app, url);
    expectChallenged(response);
    expect(response.body).toBe('');
    expect(standIn.calls).toEqual([]);
  });

  it('refuses before the body is read: a malformed body is not even a 400', async () => {
    expectChallenged(await post(app, RESERVE, {}, '{"reservation": ['));
  });

  it('refuses a token the service rejects', async () => {
    expectChallenged(await post(app, RESERVE, { 'alfio-verification': 'forged' }));
    expect(standIn.calls).toMatchObject([{ secret: SECRET, response: 'forged' }]);
  });

  it('refuses an oversized token without asking', async () => {
    expectChallenged(await post(app, RESERVE, { 'alfio-verification': 'x'.repeat(2049) }));
    expect(standIn.calls).toEqual([]);
  });

  it('lets a good token through to the handler, sending the socket address as remoteip', async () => {
    const subscribe = await post(app, SUBSCRIBE, { 'alfio-verification': GOOD }, '{}', '198.51.100.23');
    expect(subscribe.statusCode).toBe(404); // unknown subscription: the handler (or the router) answered
    expectPassed(await post(app, RESERVE, { 'alfio-verification': GOOD }, FORM, '198.51.100.23'));
    expect(standIn.calls).toEqual([
      expect.objectContaining({ secret: SECRET, response: GOOD, remoteip: '198.51.100.23' }),
      expect.objectContaining({ secret: SECRET, response: GOOD, remoteip: '198.51.100.23' }),
    ]);
  });

  it("sends Cloudflare's CF-Connecting-IP as remoteip when present", async () => {
    expectPassed(await post(app, RESERVE, { 'alfio-verification': GOOD, 'cf-connecting-ip': '2001:db8::7' }, FORM, '10.0.0.1'));
    expect(standIn.calls).toMatchObject([{ remoteip: '2001:db8::7' }]);
  });

  it('challenges nothing else: other writes and the subscription read go through without a token', async () => {
    expectPassed(await post(app, '/api/v2/public/event/no-such-event/check-discount', {}, FORM));
    expectPassed(await post(app, '/api/v2/public/event/no-such-event/waiting-list/subscribe', {}, {}));
    expectPassed(await app.inject({ method: 'GET', url: SUBSCRIBE }));
    expect(standIn.calls).toEqual([]);
  });

  it('ignores a cf_clearance cookie without pre-clearance', async () => {
    expectChallenged(await post(app, RESERVE, { cookie: 'cf_clearance=abc' }));
  });
});

describe('human verification with pre-clearance', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(turnstileEnv({ TURNSTILE_PRE_CLEARANCE: 'true' }));
  });
  afterAll(() => app.close());

  it('accepts a blank header when a cf_clearance cookie is present, without asking the service', async () => {
    expectPassed(await post(app, RESERVE, { 'alfio-verification': ' ', cookie: 'cf_clearance=abc123' }));
    expectPassed(await post(app, RESERVE, { cookie: 'other=1; cf_clearance=abc123' }));
    expect(standIn.calls).toEqual([]);
  });

  it('still challenges without the cookie or with an empty one', async () => {
    expectChallenged(await post(app, RESERVE));
    expectChallenged(await post(app, RESERVE, { cookie: 'cf_clearance=' }));
  });

  it('still verifies a token that is sent', async () => {
    expectChallenged(await post(app, RESERVE, { 'alfio-verification': 'forged', cookie: 'cf_clearance=abc123' }));
  });
});

describe('human verification when the service is down', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(turnstileEnv({ TURNSTILE_VERIFY_URL: await unreachableUrl() }));
  });
  afterAll(() => app.close());

  it('refuses with 403, not a server error', async () => {
    expectChallenged(await post(app, RESERVE, { 'alfio-verification': GOOD }));
  });
});
