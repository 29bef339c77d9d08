import { describe, expect, it } from 'vitest';
import { readConfig } from './app-config.js';

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
