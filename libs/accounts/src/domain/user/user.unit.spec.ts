import { describe, expect, it } from 'vitest';
import { deciderSpec } from '@ticketing/testing';
import type { UserEvent } from './user.events.js';
import { userDecider } from './user.js';

const spec = deciderSpec(userDecider);
const U = '0b7c2a1e-5d4f-5a3b-8c2d-1e0f9a8b7c6d';
const ada = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' };
const now = new Date('2027-03-01T10:00:00.000Z');
const signIn = (session: string, details = ada) => ({ type: 'SignIn' as const, userId: U, issuer: 'http://127.0.0.1:4000', subject: 'ada', details, session, now, lifetimeMs: 7_200_000 });
const registered: UserEvent = { type: 'UserRegistered', data: { userId: U, issuer: 'http://127.0.0.1:4000', subject: 'ada', details: ada } };
const signedIn = (session: string): UserEvent => ({ type: 'UserSignedIn', data: { userId: U, session, expiresAt: '2027-03-01T12:00:00.000Z' } });

describe('user', () => {
  describe('nobody yet', () => {
    it('registers the person with the provider\'s details, then signs the session in until now + lifetime', () => {
      spec.given([]).when(signIn('s1')).then([registered, signedIn('s1')]);
    });

    it('has no session to sign out', () => {
      spec.given([]).when({ type: 'SignOut', session: 's1' }).then([]);
    });

    it('refuses a sign-in of no duration', () => {
      expect(() => userDecider.decide({ ...signIn('s1'), lifetimeMs: 0 }, userDecider.initialState())).toThrow(RangeError);
    });
  });

  describe('registered', () => {
    it('signs another session in, without registering again', () => {
      spec.given([registered, signedIn('s1')]).when(signIn('s2')).then([signedIn('s2')]);
    });

    it('records details the provider changed before the sign-in', () => {
      const renamed = { ...ada, email: 'ada@analytical.example' };
      spec.given([registered]).when(signIn('s1', renamed)).then([{ type: 'UserDetailsChanged', data: { userId: U, details: renamed } }, signedIn('s1')]);
    });

    it('refuses another identity on the stream', () => {
      spec.given([registered]).when({ ...signIn('s1'), subject: 'grace' }).thenThrows('user.identity-mismatch');
      spec.given([registered]).when({ ...signIn('s1'), issuer: 'https://other.example' }).thenThrows('user.identity-mismatch');
    });

    it('signs out a session it signed in, once', () => {
      spec.given([registered, signedIn('s1')]).when({ type: 'SignOut', session: 's1' }).then([{ type: 'UserSignedOut', data: { userId: U, session: 's1' } }]);
      spec.given([registered, signedIn('s1'), { type: 'UserSignedOut', data: { userId: U, session: 's1' } }]).when({ type: 'SignOut', session: 's1' }).then([]);
    });

    it('does not sign out a session it never signed in', () => {
      spec.given([registered, signedIn('s1')]).when({ type: 'SignOut', session: 's2' }).then([]);
    });
  });
});
