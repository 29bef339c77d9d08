import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FORGOTTEN_SUBJECTS_STREAM, SUBJECT_FORGOTTEN, type EventToAppend } from '@ticketing/event-store';
import type { UserEvent } from '@ticketing/accounts/domain';
// Tests only: the projection harness (fresh database, real event store, a polling runner).
import { projectionHarness, type ProjectionHarness } from '@ticketing/testing/app';
import { userToLog } from '../users/user-log.js';
import { accountsProjection } from './accounts.projection.js';

const ADA = '3f1c1c1e-7d55-5a7e-9c61-0d1f3e0b2a01';
const GRACE = '3f1c1c1e-7d55-5a7e-9c61-0d1f3e0b2a02';
const log = (event: UserEvent, n: number): EventToAppend =>
  userToLog(event, { correlationId: `c-${n}`, causationId: `c-${n}`, occurredAt: `2027-03-01T10:0${n}:00.000Z`, actor: 'system:test' });
const registered = (userId: string, firstName: string, email: string, n: number) =>
  log({ type: 'UserRegistered', data: { userId, issuer: 'http://127.0.0.1:4000', subject: firstName.toLowerCase(), details: { firstName, lastName: null, email } } }, n);
const signedIn = (userId: string, session: string, n: number) => log({ type: 'UserSignedIn', data: { userId, session, expiresAt: '2027-03-01T12:00:00.000Z' } }, n);
const signedOut = (userId: string, session: string, n: number) => log({ type: 'UserSignedOut', data: { userId, session } }, n);

describe('accounts-users projection', () => {
  let h: ProjectionHarness;
  beforeEach(async () => {
    h = await projectionHarness('accounts_users', [accountsProjection]);
  });
  afterEach(() => h.close());

  const history = async () => {
    await h.given(`user-${ADA}`, [registered(ADA, 'Ada', 'ada@example.org', 1), signedIn(ADA, 's1', 2)]);
    await h.given(`user-${ADA}`, [log({ type: 'UserDetailsChanged', data: { userId: ADA, details: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@analytical.example' } } }, 3)]);
    await h.given(`user-${GRACE}`, [registered(GRACE, 'Grace', 'grace@example.org', 4), signedIn(GRACE, 's2', 5)]);
    // s1 signed out by Ada, then signed in by Grace (one browser, two people in turn); s2 signed out
    await h.given(`user-${ADA}`, [signedOut(ADA, 's1', 6)]);
    await h.given(`user-${GRACE}`, [signedIn(GRACE, 's1', 7), signedOut(GRACE, 's2', 8)]);
  };
  const users = () => h.rows('select user_id, subject, first_name, last_name, email from accounts_users order by subject');
  const sessions = () => h.rows('select session, user_id, signed_out, expires_at from accounts_sessions order by session');

  it('keeps each user\'s current details and each session\'s latest sign-in or sign-out', async () => {
    await history();
    expect(await users()).toEqual([
      { user_id: ADA, subject: 'ada', first_name: 'Ada', last_name: 'Lovelace', email: 'ada@analytical.example' },
      { user_id: GRACE, subject: 'grace', first_name: 'Grace', last_name: null, email: 'grace@example.org' },
    ]);
    expect(await sessions()).toEqual([
      { session: 's1', user_id: GRACE, signed_out: false, expires_at: new Date('2027-03-01T12:00:00.000Z') },
      { session: 's2', user_id: GRACE, signed_out: true, expires_at: new Date('2027-03-01T12:00:00.000Z') },
    ]);
  });

  it('reads null details once the user\'s personal data is erased', async () => {
    await history();
    await h.store.forgetSubject(ADA);
    await h.runner.rebuild(accountsProjection.name);
    expect((await users())[0]).toEqual({ user_id: ADA, subject: 'ada', first_name: null, last_name: null, email: null });
  });

  it('drops a person\'s details and saved profile live when their subject is forgotten, as a rebuild reads them', async () => {
    await history();
    const profile = { firstName: 'Augusta Ada', lastName: 'King', billing: { addCompanyBillingDetails: false, companyName: null, addressLine1: '12 St James Square', addressLine2: null, zip: 'SW1Y 4JU', city: 'London', state: null, country: 'GB', taxId: null, skipVatNr: false, italianEInvoicing: null }, additionalData: {} };
    await h.given(`user-${ADA}`, [log({ type: 'UserProfileSaved', data: { userId: ADA, profile } }, 7)]);
    await h.store.forgetSubject(ADA);
    const forgotten = { correlationId: 'c-9', causationId: 'c-9', occurredAt: '2027-03-01T10:09:00.000Z', actor: 'operator:cli' };
    await h.given(FORGOTTEN_SUBJECTS_STREAM, [{ type: SUBJECT_FORGOTTEN, data: { subjectId: ADA }, metadata: forgotten }]);
    expect((await users())[0]).toEqual({ user_id: ADA, subject: 'ada', first_name: null, last_name: null, email: null });
    const [row] = await h.rows<{ profile: { lastName: string; billing: { addressLine1: string | null } } }>(`select profile from accounts_users where user_id = '${ADA}'`);
    expect([row?.profile.lastName, row?.profile.billing.addressLine1]).toEqual(['', null]);
    // Grace keeps hers
    expect((await users())[1]).toMatchObject({ first_name: 'Grace', email: 'grace@example.org' });
    // the live rows are what a rebuild from the log gives
    expect(await h.runner.verify(accountsProjection.name)).toMatchObject({ ok: true });
  });

  it('changes nothing when the events are delivered again (a sign-out is not undone by its sign-in)', async () => {
    await history();
    const before = [await users(), await sessions()];
    await h.replayAllAgain(accountsProjection);
    expect([await users(), await sessions()]).toEqual(before);
  });

  it('rebuilds to the rows it has live', async () => {
    await history();
    await h.runner.rebuild(accountsProjection.name);
    expect(await h.runner.verify(accountsProjection.name)).toMatchObject({ ok: true });
  });

  describe('profile and deletion', () => {
    const profile = {
      firstName: 'Augusta Ada',
      lastName: 'King',
      billing: { addCompanyBillingDetails: false, companyName: null, addressLine1: '12 St James Square', addressLine2: null, zip: 'SW1Y 4JU', city: 'London', state: null, country: 'GB', taxId: null, skipVatNr: false, italianEInvoicing: null },
      additionalData: { diet: ['vegetarian'] },
    };
    const deletion = async () => {
      await history();
      await h.given(`user-${ADA}`, [log({ type: 'UserProfileSaved', data: { userId: ADA, profile } }, 7), signedIn(ADA, 's3', 8)]);
      await h.store.forgetSubject(ADA);
      await h.given(`user-${ADA}`, [log({ type: 'UserDeleted', data: { userId: ADA, reservationIds: [], erasedSubjects: [ADA] } }, 9)]);
    };
    const ada = () => h.rows('select first_name, last_name, email, profile, deleted from accounts_users where user_id = $1', [ADA]);

    it('keeps the saved profile beside the provider\'s details', async () => {
      await history();
      await h.given(`user-${ADA}`, [log({ type: 'UserProfileSaved', data: { userId: ADA, profile } }, 7)]);
      expect(await ada()).toEqual([{ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@analytical.example', profile, deleted: false }]);
    });

    it('keeps a deleted user as a row without personal data, every session of theirs signed out', async () => {
      await deletion();
      expect(await ada()).toEqual([{ first_name: null, last_name: null, email: null, profile: null, deleted: true }]);
      expect(await h.rows('select session, signed_out from accounts_sessions where user_id = $1 order by session', [ADA])).toEqual([{ session: 's3', signed_out: true }]);
    });

    it('stays deleted when the events are delivered again, and rebuilds to the same rows', async () => {
      await deletion();
      const before = [await users(), await sessions()];
      await h.replayAllAgain(accountsProjection);
      expect([await users(), await sessions()]).toEqual(before);
      await h.runner.rebuild(accountsProjection.name);
      expect(await h.runner.verify(accountsProjection.name)).toMatchObject({ ok: true });
    });

    it('registers the person again after a deletion', async () => {
      await deletion();
      await h.given(`user-${ADA}`, [registered(ADA, 'Ada', 'ada@example.org', 9)]);
      expect(await ada()).toEqual([{ first_name: 'Ada', last_name: null, email: 'ada@example.org', profile: null, deleted: false }]);
    });
  });
});
