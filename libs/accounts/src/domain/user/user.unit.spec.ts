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

    it('keeps the labels a booking saved for the fields the page sends again, and drops those of the fields it left out', () => {
      const labelled = { ...profile, additionalData: { diet: ['vegan'], role: ['dev'] }, additionalLabels: { diet: { en: 'Diet' }, role: { en: 'Role' } } };
      spec
        .given([registered, { type: 'UserProfileSaved', data: { userId: U, profile: labelled } }])
        .when({ type: 'SaveProfile', profile })
        .then([{ type: 'UserProfileSaved', data: { userId: U, profile: { ...profile, additionalLabels: { diet: { en: 'Diet' } } } } }]);
    });
  });

  describe('profile from a booking', () => {
    const saved = {
      firstName: 'Augusta Ada',
      lastName: 'King',
      billing: { addCompanyBillingDetails: false, companyName: null, addressLine1: '1 St James Square', addressLine2: null, zip: 'SW1Y 4JU', city: 'London', state: null, country: 'GB', taxId: null, skipVatNr: false, italianEInvoicing: null },
      additionalData: { diet: ['vegetarian'], days: ['fri'] },
    };
    const invoice = {
      addCompanyBillingDetails: true,
      companyName: 'Analytical Engines Ltd',
      addressLine1: 'Via Roma 1',
      addressLine2: null,
      zip: '00100',
      city: 'Roma',
      state: 'RM',
      country: 'IT',
      taxId: '12345678901',
      skipVatNr: false,
      italianEInvoicing: { fiscalCode: null, referenceType: 'ADDRESSEE_CODE' as const, addresseeCode: 'ABCDEF1', pec: null, splitPayment: true },
    };
    const diet = { label: { en: 'Diet', it: 'Dieta' }, values: ['vegan'] };
    const fromBooking = (billing: typeof invoice | null, additionalData: Record<string, typeof diet> = {}) => ({ type: 'SaveProfileFromBooking' as const, booked: { billing, additionalData } });
    const savedEvent: UserEvent = { type: 'UserProfileSaved', data: { userId: U, profile: saved } };

    it('creates the profile of a user without one: the invoice address and answers booked, the names left to the provider\'s', () => {
      spec
        .given([registered])
        .when(fromBooking(invoice, { diet }))
        .then([{ type: 'UserProfileSaved', data: { userId: U, profile: { firstName: '', lastName: '', billing: invoice, additionalData: { diet: ['vegan'] }, additionalLabels: { diet: diet.label } } } }]);
    });

    it('replaces the saved address and the answers to the fields booked, keeping the names and the other answers', () => {
      spec
        .given([registered, savedEvent])
        .when(fromBooking(invoice, { diet }))
        .then([{ type: 'UserProfileSaved', data: { userId: U, profile: { ...saved, billing: invoice, additionalData: { diet: ['vegan'], days: ['fri'] }, additionalLabels: { diet: diet.label } } } }]);
    });

    it('keeps the saved address when the booking asked for no invoice', () => {
      spec
        .given([registered, savedEvent])
        .when(fromBooking(null, { diet }))
        .then([{ type: 'UserProfileSaved', data: { userId: U, profile: { ...saved, additionalData: { diet: ['vegan'], days: ['fri'] }, additionalLabels: { diet: diet.label } } } }]);
    });

    it('records nothing when the profile would not change, whatever the order of its keys', () => {
      const booked = { ...saved, billing: invoice, additionalData: { diet: ['vegan'], days: ['fri'] }, additionalLabels: { diet: diet.label } };
      const reordered = JSON.parse(JSON.stringify({ additionalLabels: booked.additionalLabels, billing: { ...invoice }, additionalData: booked.additionalData, lastName: 'King', firstName: 'Augusta Ada' }));
      spec.given([registered, { type: 'UserProfileSaved', data: { userId: U, profile: reordered } }]).when(fromBooking(invoice, { diet })).then([]);
      spec.given([registered, savedEvent]).when(fromBooking(null)).then([]);
    });

    it('creates no empty profile from a booking that says nothing of the person', () => {
      spec.given([registered]).when(fromBooking(null)).then([]);
    });

    it('saves nothing for nobody (a user deleted meanwhile), without refusing the booking', () => {
      spec.given([]).when(fromBooking(invoice, { diet })).then([]);
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
