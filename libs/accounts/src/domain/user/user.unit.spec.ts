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

  describe('profile', () => {
    const profile = {
      firstName: 'Augusta Ada',
      lastName: 'King',
      billing: { addCompanyBillingDetails: false, companyName: null, addressLine1: '1 St James Square', addressLine2: null, zip: 'SW1Y 4JU', city: 'London', state: null, country: 'GB', taxId: null, skipVatNr: false, italianEInvoicing: null },
      additionalData: { diet: ['vegetarian'] },
    };

    it('records the profile of a registered user', () => {
      spec.given([registered]).when({ type: 'SaveProfile', profile }).then([{ type: 'UserProfileSaved', data: { userId: U, profile } }]);
    });

    it('refuses a profile for nobody: user.unknown', () => {
      spec.given([]).when({ type: 'SaveProfile', profile }).thenThrows('user.unknown');
    });
  });

  describe('deletion', () => {
    const deleted: UserEvent = { type: 'UserDeleted', data: { userId: U, reservationIds: ['r-1'], erasedSubjects: [U, 'reservation-r-1'] } };

    it('records the erasure of the user and of the orders they own', () => {
      spec.given([registered, signedIn('s1')]).when({ type: 'DeleteUser', reservationIds: ['r-1'], erasedSubjects: [U, 'reservation-r-1'] }).then([deleted]);
    });

    it('refuses to delete nobody, or somebody deleted already', () => {
      spec.given([]).when({ type: 'DeleteUser', reservationIds: [], erasedSubjects: [U] }).thenThrows('user.unknown');
      spec.given([registered, deleted]).when({ type: 'DeleteUser', reservationIds: [], erasedSubjects: [U] }).thenThrows('user.unknown');
    });

    it('leaves no session signed in, and a later sign-in registers the person afresh', () => {
      spec.given([registered, signedIn('s1'), deleted]).when({ type: 'SignOut', session: 's1' }).then([]);
      spec.given([registered, signedIn('s1'), deleted]).when(signIn('s2')).then([registered, signedIn('s2')]);
    });
  });
});
