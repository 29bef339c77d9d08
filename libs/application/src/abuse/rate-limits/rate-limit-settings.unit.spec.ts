import { describe, expect, it } from 'vitest';
import { InvalidConfigurationError, readConfig } from '../../config/app-config.js';
import { DEFAULT_RATE_LIMITS, parseRateLimits } from './rate-limit-settings.js';

describe('RATE_LIMITS', () => {
  it('is on with the defaults unless switched off', () => {
    expect(parseRateLimits(undefined)).toBe(DEFAULT_RATE_LIMITS);
    expect(parseRateLimits('on')).toBe(DEFAULT_RATE_LIMITS);
    expect(parseRateLimits(' off ')).toBeNull();
  });

  it('overrides the calls it names, the burst defaulting to the rate', () => {
    expect(parseRateLimits('code=20:5, reserve=60')).toEqual({ ...DEFAULT_RATE_LIMITS, code: { perMinute: 20, burst: 5 }, reserve: { perMinute: 60, burst: 60 } });
  });

  it.each(['codes=10', 'code=ten', 'code=0', 'code=10:0', 'code'])('stops the start on %j', (raw) => {
    expect(() => readConfig({ DATABASE_URL: 'postgres://unused', RATE_LIMITS: raw })).toThrow(InvalidConfigurationError);
  });
});

describe('human verification configuration', () => {
  const base = { DATABASE_URL: 'postgres://unused' };

  it('is off by default, pointing at Cloudflare and Google', () => {
    const config = readConfig(base);
    expect(config.turnstile).toEqual({
      enabled: false,
      siteKey: null,
      secret: null,
      verifyUrl: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
      preClearance: false,
    });
    expect(config.recaptcha).toEqual({
      siteKey: null,
      secret: null,
      verifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
      scriptUrl: 'https://www.google.com/recaptcha/api.js',
    });
    expect(config.trustProxy).toBe(false);
    // nor in production: a client's X-Forwarded-For is its own choice unless a proxy is configured (issue 17 item 2)
    expect(readConfig({ ...base, APP_MODE: 'prod' }).trustProxy).toBe(false);
    expect(readConfig({ ...base, APP_MODE: 'prod', TRUST_PROXY: '1' }).trustProxy).toBe(1);
  });

  it('cannot be switched on without both keys', () => {
    expect(() => readConfig({ ...base, TURNSTILE_ENABLED: 'true', TURNSTILE_SITE_KEY: 'site' })).toThrow(/TURNSTILE_SITE_KEY and TURNSTILE_SECRET/);
    expect(() => readConfig({ ...base, TURNSTILE_ENABLED: 'true', TURNSTILE_SECRET: 'secret' })).toThrow(InvalidConfigurationError);
    expect(readConfig({ ...base, TURNSTILE_ENABLED: 'true', TURNSTILE_SITE_KEY: 'site', TURNSTILE_SECRET: 'secret' }).turnstile.enabled).toBe(true);
  });

  it('refuses a verify URL that is not http(s)', () => {
    expect(() => readConfig({ ...base, TURNSTILE_VERIFY_URL: 'file:///etc/passwd' })).toThrow(InvalidConfigurationError);
  });
});
