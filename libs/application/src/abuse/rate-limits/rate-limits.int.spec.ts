import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, startTestApp, type TestApp } from '@ticketing/testing/app';

const VALIDATE = '/api/v2/public/event/no-such-event/validate-code?code=ABC123';
const CATEGORIES = '/api/v2/public/event/no-such-event/ticket-categories';

function validate(app: TestApp, remoteAddress: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url: VALIDATE, remoteAddress, headers });
}

async function statuses(count: number, call: () => Promise<{ statusCode: number }>): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < count; i++) seen.push((await call()).statusCode);
  return seen;
}

describe('rate limits with the defaults', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMITS: 'on' });
  });
  afterAll(() => app.close());

  it('answers the 11th quick code validation from one address 429 with Retry-After and the wire envelope', async () => {
    expect(await statuses(10, () => validate(app, '203.0.113.1'))).toEqual(Array(10).fill(422));
    const refused = await validate(app, '203.0.113.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(6);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.json()).toEqual({
      success: false,
      errorCount: 1,
      validationErrors: [{ fieldName: '', code: 'error.TOO_MANY_REQUESTS', arguments: null }],
      value: null,
      warnings: [],
    });
    expect((await validate(app, '203.0.113.2')).statusCode).toBe(422); // another client is not affected
  });

  it('does not believe forwarding headers it was not told to trust', async () => {
    let n = 0;
    const spoofed = await statuses(11, () => validate(app, '203.0.113.3', { 'x-forwarded-for': `198.51.100.${++n}`, 'cf-connecting-ip': `198.51.100.${n}` }));
    expect(spoofed.at(-1)).toBe(429);
  });

  it('limits category reads only when they carry a code, from the same budget as code validation', async () => {
    expect(await statuses(15, () => app.inject({ method: 'GET', url: CATEGORIES, remoteAddress: '203.0.113.4' }))).not.toContain(429);
    expect(await statuses(10, () => app.inject({ method: 'GET', url: `${CATEGORIES}?code=X${Math.random()}`, remoteAddress: '203.0.113.4' }))).not.toContain(429);
    expect((await validate(app, '203.0.113.4')).statusCode).toBe(429);
    expect((await app.inject({ method: 'GET', url: `${CATEGORIES}?code=`, remoteAddress: '203.0.113.4' })).statusCode).toBe(429);
    expect((await app.inject({ method: 'HEAD', url: VALIDATE, remoteAddress: '203.0.113.4' })).statusCode).toBe(429);
    expect((await app.inject({ method: 'GET', url: CATEGORIES, remoteAddress: '203.0.113.4' })).statusCode).toBe(404);
  });

  it('catches the same call however its path is spelled', async () => {
    await statuses(10, () => validate(app, '203.0.113.5'));
    const encoded = await app.inject({ method: 'GET', url: '/api/v2/public/event/no-such-event/validate%2Dcode?code=A', remoteAddress: '203.0.113.5' });
    expect(encoded.statusCode).toBe(429);
  });

  it('limits the subscription purchase', async () => {
    const { sessionId, xsrf } = await openSession(app);
    const purchase = () =>
      app.inject({
        method: 'POST',
        url: '/api/v2/public/subscription/00000000-0000-4000-8000-000000000000',
        remoteAddress: '203.0.113.6',
        headers: { 'x-auth-token': sessionId, 'x-csrf-token': xsrf },
      });
    const seen = await statuses(11, purchase);
    expect(seen.slice(0, 10)).not.toContain(429);
    expect(seen[10]).toBe(429);
  });

  it('limits PIN guesses on an order (apply-code) from the budget of code validation', async () => {
    const { sessionId, xsrf } = await openSession(app);
    const guess = () =>
      app.inject({
        method: 'POST',
        url: '/api/v2/public/reservation/00000000-0000-4000-8000-000000000000/apply-code',
        remoteAddress: '203.0.113.8',
        headers: { 'x-auth-token': sessionId, 'x-csrf-token': xsrf },
        payload: { code: `PIN${Math.random()}`.slice(0, 8), amount: 1, type: 'SUBSCRIPTION' },
      });
    const seen = await statuses(11, guess);
    expect(seen.slice(0, 10)).not.toContain(429);
    expect(seen[10]).toBe(429);
    expect((await validate(app, '203.0.113.8')).statusCode).toBe(429);
  });

  it('limits poll PIN guesses (list, one poll, answer) from the budget of code validation', async () => {
    const { sessionId, xsrf } = await openSession(app);
    const remoteAddress = '203.0.113.9';
    const calls = [
      () => app.inject({ method: 'GET', url: '/api/v2/public/event/no-such-event/poll?pin=ABC123', remoteAddress }),
      () => app.inject({ method: 'GET', url: '/api/v2/public/event/no-such-event/poll/1?pin=ABC123', remoteAddress }),
      () =>
        app.inject({
          method: 'POST',
          url: '/api/v2/public/event/no-such-event/poll/1/answer',
          remoteAddress,
          headers: { 'x-auth-token': sessionId, 'x-csrf-token': xsrf },
          payload: { pin: 'ABC123', optionId: 1 },
        }),
    ];
    let i = 0;
    const seen = await statuses(12, () => calls[i++ % calls.length]!());
    expect(seen.slice(0, 10)).toEqual(Array(10).fill(422));
    expect(seen.slice(10)).toEqual([429, 429]);
    expect((await validate(app, remoteAddress)).statusCode).toBe(429);
  });

  it('limits the e-mails sent on request (a ticket, the reservation e-mail again), both from one budget', async () => {
    const { sessionId, xsrf } = await openSession(app);
    const headers = { 'x-auth-token': sessionId, 'x-csrf-token': xsrf };
    const sendTicket = () =>
      app.inject({ method: 'POST', url: '/api/v2/public/event/gala/ticket/00000000-0000-4000-8000-000000000000/send-ticket-by-email', remoteAddress: '203.0.113.8', headers, payload: {} });
    const resend = () =>
      app.inject({ method: 'POST', url: '/api/v2/public/event/gala/reservation/00000000-0000-4000-8000-000000000000/re-send-email?lang=en', remoteAddress: '203.0.113.8', headers, payload: {} });
    expect(await statuses(3, sendTicket)).not.toContain(429);
    expect(await statuses(3, resend)).not.toContain(429);
    expect((await sendTicket()).statusCode).toBe(429);
    expect((await resend()).statusCode).toBe(429);
  });

  it('keys IPv6 clients by their /64', async () => {
    const seen = await statuses(11, () => validate(app, `2001:db8:1:2::${Math.floor(Math.random() * 0xffff).toString(16)}`));
    expect(seen[10]).toBe(429);
    expect((await validate(app, '2001:db8:1:3::1')).statusCode).toBe(422);
  });
});

describe('rate limits switched off', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMITS: 'off' });
  });
  afterAll(() => app.close());

  it('never answers 429', async () => {
    expect(await statuses(30, () => validate(app, '203.0.113.1'))).not.toContain(429);
  });
});

describe('rate limits configured, behind a trusted proxy', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMITS: 'code=3:2', TRUST_PROXY: '10.0.0.1' });
  });
  afterAll(() => app.close());

  it('uses the configured burst and rate', async () => {
    expect(await statuses(2, () => validate(app, '203.0.113.1'))).toEqual([422, 422]);
    const refused = await validate(app, '203.0.113.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('20');
  });

  it("tells clients apart by the proxy's X-Forwarded-For, and only the proxy's", async () => {
    const viaProxy = (client: string) => validate(app, '10.0.0.1', { 'x-forwarded-for': client });
    expect(await statuses(3, () => viaProxy('198.51.100.1'))).toEqual([422, 422, 429]);
    expect((await viaProxy('198.51.100.2')).statusCode).toBe(422);
    let n = 0;
    expect((await statuses(3, () => validate(app, '203.0.113.9', { 'x-forwarded-for': `198.51.100.${++n + 10}` }))).at(-1)).toBe(429);
  });
});
