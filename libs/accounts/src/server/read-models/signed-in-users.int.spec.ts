import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventToAppend } from '@ticketing/event-store';
import type { UserEvent } from '@ticketing/accounts/domain';
import type { Db } from '@ticketing/postgres';
// Tests only: the projection harness (fresh database, real event store, a polling runner).
import { projectionHarness, type ProjectionHarness } from '@ticketing/testing/app';
import type { AccountsOptions } from '../tokens.js';
import { sessionDigest } from '../users/session-digest.js';
import { userToLog } from '../users/user-log.js';
import { accountsProjection } from './accounts.projection.js';
import { ANONYMOUS_MEMORY_MS, SignedInUsersReadModel } from './signed-in-users.query.js';

const ADA = '3f1c1c1e-7d55-5a7e-9c61-0d1f3e0b2a01';
const GRACE = '3f1c1c1e-7d55-5a7e-9c61-0d1f3e0b2a02';
const log = (event: UserEvent, n: number): EventToAppend =>
  userToLog(event, { correlationId: `c-${n}`, causationId: `c-${n}`, occurredAt: `2027-03-01T10:0${n}:00.000Z`, actor: 'system:test' });
const registered = (userId: string, firstName: string, n: number) =>
  log({ type: 'UserRegistered', data: { userId, issuer: 'http://127.0.0.1:4000', subject: firstName.toLowerCase(), details: { firstName, lastName: null, email: null } } }, n);
const signedIn = (userId: string, sessionId: string, n: number) =>
  log({ type: 'UserSignedIn', data: { userId, session: sessionDigest(sessionId), expiresAt: '2027-03-01T12:00:00.000Z' } }, n);
const signedOut = (userId: string, sessionId: string, n: number) => log({ type: 'UserSignedOut', data: { userId, session: sessionDigest(sessionId) } }, n);

describe('SignedInUsersReadModel', () => {
  let h: ProjectionHarness;
  let statements: number;
  let users: SignedInUsersReadModel;
  beforeEach(async () => {
    h = await projectionHarness('accounts_signed_in', [accountsProjection]);
    await h.given(`user-${ADA}`, [registered(ADA, 'Ada', 1), signedIn(ADA, 'session-ada', 2)]);
    await h.given(`user-${GRACE}`, [registered(GRACE, 'Grace', 3), signedIn(GRACE, 'session-grace', 4)]);
    statements = 0;
    // the real database, its statements counted
    const db = new Proxy(h.db, {
      get: (target, key, receiver) =>
        key === 'query'
          ? (...args: Parameters<Db['query']>) => {
              statements++;
              return target.query(...args);
            }
          : Reflect.get(target, key, receiver),
    });
    users = new SignedInUsersReadModel({ db, clock: { now: () => new Date('2027-03-01T11:00:00.000Z') } } as unknown as AccountsOptions);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await h.close();
  });

  it('looks up the sessions asked for in one turn of the event loop with one statement, each answered its own user', async () => {
    const answers = await Promise.all(['session-ada', 'anonymous-1', 'session-grace', 'session-ada', 'anonymous-2', ''].map((s) => users.userOf(s)));
    expect(answers.map((user) => user?.firstName ?? null)).toEqual(['Ada', null, 'Grace', 'Ada', null, null]);
    expect(answers[0]).toEqual({ userId: ADA, firstName: 'Ada', lastName: null, email: null });
    expect(statements).toBe(1);
  });

  it('answers a session found anonymous from memory, and asks again for a signed-in one (a sign-out in any process shows)', async () => {
    expect(await users.userOf('anonymous-1')).toBeNull();
    expect((await users.userOf('session-ada'))?.userId).toBe(ADA);
    expect(statements).toBe(2);
    expect(await users.userOf('anonymous-1')).toBeNull();
    expect(statements).toBe(2);
    await h.given(`user-${ADA}`, [signedOut(ADA, 'session-ada', 5)]);
    expect(await users.userOf('session-ada')).toBeNull();
    expect(statements).toBe(3);
  });

  it('asks again for an anonymous session once its memory is older than ANONYMOUS_MEMORY_MS', async () => {
    const start = performance.now();
    expect(await users.userOf('anonymous-1')).toBeNull();
    vi.spyOn(performance, 'now').mockReturnValue(start + ANONYMOUS_MEMORY_MS + 1_000);
    expect(await users.userOf('anonymous-1')).toBeNull();
    expect(statements).toBe(2);
  });

  it('fails every call of a turn whose statement fails, and remembers nothing of it', async () => {
    await h.db.query('alter table accounts_sessions rename to accounts_sessions_away');
    const calls = ['anonymous-1', 'session-ada'].map((s) => users.userOf(s));
    await Promise.all(calls.map((call) => expect(call).rejects.toThrow(/accounts_sessions/)));
    await h.db.query('alter table accounts_sessions_away rename to accounts_sessions');
    expect(await users.userOf('anonymous-1')).toBeNull();
    expect((await users.userOf('session-ada'))?.firstName).toBe('Ada');
    expect(statements).toBe(3);
  });
});
