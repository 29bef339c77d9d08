import { describe, expect, it } from 'vitest';
import { InvalidConfigurationError, readConfig } from './app-config.js';

const base = { DATABASE_URL: 'postgres://unused' };

describe('PORT', () => {
  it('is 8080 when unset or empty (`PORT= npm start`), not a random port', () => {
    expect(readConfig(base).port).toBe(8080);
    expect(readConfig({ ...base, PORT: '' }).port).toBe(8080);
    expect(readConfig({ ...base, PORT: '  ' }).port).toBe(8080);
  });

  it('is the number given, and stops the start on anything else', () => {
    expect(readConfig({ ...base, PORT: '9090' }).port).toBe(9090);
    expect(() => readConfig({ ...base, PORT: 'abc' })).toThrow(/PORT/);
    expect(() => readConfig({ ...base, PORT: '70000' })).toThrow(/PORT/);
  });
});

/** Operator audit, session 16: these stopped the start with a stack trace (or framing silently broke). */
describe('settings refused plainly at start', () => {
  const refused = (env: Record<string, string>) => {
    try {
      readConfig({ ...base, ...env });
    } catch (error) {
      return error instanceof InvalidConfigurationError ? error.message : `not a configuration error: ${String(error)}`;
    }
    return 'accepted';
  };

  it.each([
    ['ORGANIZER_API_KEYS', 'seeklang:short'],
    ['AUDITOR_API_KEYS', 'bob:short'],
    ['EVENTSTORE_MASTER_KEY', 'short'],
    ['TRUST_PROXY', 'maybe'],
    ['TRUST_PROXY', '10.0.0.0/40'],
    ['EMBEDDING_ALLOWED_ORIGINS', 'https://a.example/path'],
    ['EMBEDDING_ALLOWED_ORIGINS', 'a.example'],
  ])('%s=%s', (name, value) => {
    expect(refused({ [name]: value })).toMatch(new RegExp(`^invalid configuration:\\n  ${name}`));
  });

  it('takes what is well formed, the allowed origins separated by commas or blanks', () => {
    const config = readConfig({
      ...base,
      ORGANIZER_API_KEYS: 'seeklang:0123456789abcdef',
      EVENTSTORE_MASTER_KEY: '00'.repeat(32),
      TRUST_PROXY: 'loopback, 10.0.0.0/8, 192.168.1.1',
      EMBEDDING_ALLOWED_ORIGINS: 'https://a.example,https://b.example:8443 http://c.example/',
    });
    expect(config.trustProxy).toEqual(['loopback', '10.0.0.0/8', '192.168.1.1']);
    expect(config.embeddingAllowedOrigins).toEqual(['https://a.example', 'https://b.example:8443', 'http://c.example']);
  });
});
