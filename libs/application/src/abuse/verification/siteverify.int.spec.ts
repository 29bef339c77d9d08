import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSiteverifyStandIn, unreachableUrl, type SiteverifyStandIn } from '@ticketing/testing/app';
import { createCaptchaVerifier } from './captcha-verifier.js';
import { siteverify } from './siteverify.js';

describe('siteverify', () => {
  let standIn: SiteverifyStandIn;
  beforeAll(async () => {
    standIn = await startSiteverifyStandIn('the-secret', 'good-token');
  });
  afterAll(() => standIn.close());
  beforeEach(() => {
    standIn.mode = 'normal';
    standIn.calls.length = 0;
  });

  it('posts secret, response and remoteip form-encoded and reads success', async () => {
    expect(await siteverify({ url: standIn.url, secret: 'the-secret' }, 'good-token', '203.0.113.5')).toBe('passed');
    expect(standIn.calls).toEqual([
      { secret: 'the-secret', response: 'good-token', remoteip: '203.0.113.5', contentType: expect.stringMatching(/^application\/x-www-form-urlencoded/) },
    ]);
    expect(await siteverify({ url: standIn.url, secret: 'the-secret' }, 'bad-token', '203.0.113.5')).toBe('rejected');
    expect(await siteverify({ url: standIn.url, secret: 'another-secret' }, 'good-token', '203.0.113.5')).toBe('rejected');
  });

  it.each(['broken', 'not-json'] as const)('calls an answer that is %s unavailable', async (mode) => {
    standIn.mode = mode;
    expect(await siteverify({ url: standIn.url, secret: 'the-secret' }, 'good-token', undefined)).toBe('unavailable');
  });

  it('gives up after the timeout', async () => {
    standIn.mode = 'slow';
    const started = Date.now();
    expect(await siteverify({ url: standIn.url, secret: 'the-secret', timeoutMs: 200 }, 'good-token', undefined)).toBe('unavailable');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('calls an unreachable service unavailable', async () => {
    expect(await siteverify({ url: await unreachableUrl(), secret: 'the-secret' }, 'good-token', undefined)).toBe('unavailable');
  });
});

describe('captcha verifier (legacy reCAPTCHA in the reservation form)', () => {
  let standIn: SiteverifyStandIn;
  beforeAll(async () => {
    standIn = await startSiteverifyStandIn('recaptcha-secret', 'solved');
  });
  afterAll(() => standIn.close());
  beforeEach(() => {
    standIn.calls.length = 0;
  });

  it('passes everything without asking when no secret or no site key is configured', async () => {
    for (const settings of [
      { siteKey: 'site-key', secret: null },
      { siteKey: null, secret: 'recaptcha-secret' },
    ]) {
      const verify = createCaptchaVerifier({ ...settings, verifyUrl: standIn.url });
      expect(await verify(null, '203.0.113.5')).toBe(true);
      expect(await verify('anything', '203.0.113.5')).toBe(true);
    }
    expect(standIn.calls).toEqual([]);
  });

  it('with a secret, passes a solved token and refuses a wrong or missing one', async () => {
    const verify = createCaptchaVerifier({ siteKey: 'site-key', secret: 'recaptcha-secret', verifyUrl: standIn.url });
    expect(verify.name).toBe('verifyCaptchaResponse');
    expect(await verify('solved', '203.0.113.5')).toBe(true);
    expect(standIn.calls[0]).toMatchObject({ secret: 'recaptcha-secret', response: 'solved', remoteip: '203.0.113.5' });
    expect(await verify('guessed', '203.0.113.5')).toBe(false);
    expect(await verify(null, '203.0.113.5')).toBe(false);
    expect(await verify('  ', '203.0.113.5')).toBe(false);
    expect(standIn.calls).toHaveLength(2);
  });

  it('refuses, and says so, when the service cannot be reached', async () => {
    const unavailable: string[] = [];
    const url = await unreachableUrl();
    const verify = createCaptchaVerifier({ siteKey: 'site-key', secret: 'recaptcha-secret', verifyUrl: url }, (at) => unavailable.push(at));
    expect(await verify('solved', '203.0.113.5')).toBe(false);
    expect(unavailable).toEqual([url]);
  });
});
