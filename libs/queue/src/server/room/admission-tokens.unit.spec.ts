import { describe, expect, it } from 'vitest';
import { AdmissionTokens } from './admission-tokens.js';

const tokens = new AdmissionTokens(async () => Buffer.from('a secret of the waiting room'));
const now = new Date('2030-05-10T09:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);

describe('AdmissionTokens', () => {
  it('passes for the session and event it was issued to, until it expires', async () => {
    const token = await tokens.issue('concert', 'session-a', later(60_000));
    expect(await tokens.verify(token, 'concert', 'session-a', now)).toBe(true);
    expect(await tokens.verify(token, 'concert', 'session-a', later(59_999))).toBe(true);
    expect(await tokens.verify(token, 'concert', 'session-a', later(60_000))).toBe(false);
  });

  it('is bound to its session and event', async () => {
    const token = await tokens.issue('concert', 'session-a', later(60_000));
    expect(await tokens.verify(token, 'concert', 'session-b', now)).toBe(false);
    expect(await tokens.verify(token, 'opera', 'session-a', now)).toBe(false);
    expect(await tokens.verify(token, 'concert', '', now)).toBe(false);
  });

  it('refuses a token whose expiry was moved, one signed with another secret, and garbage', async () => {
    const token = await tokens.issue('concert', 'session-a', later(60_000));
    const [, mac] = token.split('.');
    expect(await tokens.verify(`${later(3_600_000).getTime()}.${mac}`, 'concert', 'session-a', now)).toBe(false);
    const other = await new AdmissionTokens(async () => Buffer.from('another secret')).issue('concert', 'session-a', later(60_000));
    expect(await tokens.verify(other, 'concert', 'session-a', now)).toBe(false);
    expect(await tokens.verify('nonsense', 'concert', 'session-a', now)).toBe(false);
  });
});
