import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AntiForgery, newSessionId } from './anti-forgery.js';

const secret = randomBytes(32);
const [alice, bob] = [newSessionId(), newSessionId()];

/** The same token with one bit of its masked half flipped. */
function tampered(token: string): string {
  const bytes = Buffer.from(token, 'base64url');
  bytes[40] = bytes[40]! ^ 1;
  return bytes.toString('base64url');
}

describe('AntiForgery', () => {
  it('accepts every token issued for the session, each one different', () => {
    const guard = new AntiForgery(secret);
    const tokens = [guard.issue(alice), guard.issue(alice)];
    expect(tokens[0]).not.toBe(tokens[1]);
    expect(tokens.map((token) => guard.verify(alice, token))).toEqual([true, true]);
  });

  it('refuses, for a remembered session too, another session token, a tampered one, a short one', () => {
    const guard = new AntiForgery(secret);
    const [forAlice, forBob] = [guard.issue(alice), guard.issue(bob)];
    expect(guard.verify(alice, forAlice)).toBe(true);
    expect(guard.verify(bob, forBob)).toBe(true);
    expect(guard.verify(alice, forBob)).toBe(false);
    expect(guard.verify(bob, forAlice)).toBe(false);
    expect(guard.verify(alice, tampered(forAlice))).toBe(false);
    expect(guard.verify(alice, forAlice.slice(0, 43))).toBe(false);
  });

  it('remembers what the HMAC computes: one process accepts what another issued with the same secret, never another secret', () => {
    const [first, second, foreign] = [new AntiForgery(secret), new AntiForgery(secret), new AntiForgery(randomBytes(32))];
    const [fromFirst, fromSecond, fromForeign] = [first.issue(alice), second.issue(alice), foreign.issue(alice)];
    expect(second.verify(alice, fromFirst)).toBe(true);
    expect(first.verify(alice, fromSecond)).toBe(true);
    expect(first.verify(alice, fromForeign)).toBe(false);
    expect(foreign.verify(alice, fromFirst)).toBe(false);
  });

  it('past its size, forgets sessions and computes again exactly what the HMAC says', () => {
    const [guard, reference] = [new AntiForgery(secret, 2), new AntiForgery(secret)];
    const sessions = Array.from({ length: 5 }, () => newSessionId());
    const first = reference.issue(sessions[0]!);
    for (const session of sessions) {
      expect(guard.verify(session, reference.issue(session))).toBe(true);
      expect(reference.verify(session, guard.issue(session))).toBe(true);
      expect(guard.verify(session, reference.issue(bob))).toBe(false);
    }
    expect(guard.verify(sessions[0]!, first)).toBe(true);
  });
});
