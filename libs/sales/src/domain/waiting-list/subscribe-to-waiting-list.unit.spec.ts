import { describe, expect, it } from 'vitest';
// Tests only: the catalog's given/when/then helper for deciders.
import { deciderSpec } from '@ticketing/testing';
import { subscribeToWaitingListDecider, type SubscribeToWaitingList, type WaitingListForm, type WaitingListTerms } from './subscribe-to-waiting-list.js';
import type { WaitingListEvent, WaitingListJoined } from './waiting-list.events.js';
import { evolveWaitingList, initialWaitingListState } from './waiting-list.js';

const spec = deciderSpec(subscribeToWaitingListDecider);
/** The one event decided, as the WaitingListJoined it must be. */
const added = (events: readonly WaitingListEvent[]) => {
  expect(events).toHaveLength(1);
  return (events[0] as WaitingListJoined).data;
};

const terms = (overrides: Partial<WaitingListTerms> = {}): WaitingListTerms => ({
  open: 'SOLD_OUT',
  categoryIds: [1, 2],
  contentLanguages: ['en', 'it'],
  privacyPolicyRequired: true,
  ...overrides,
});

const form = (overrides: Partial<WaitingListForm> = {}): WaitingListForm => ({
  firstName: 'Anna',
  lastName: 'Rossi',
  email: 'anna@example.test',
  userLanguage: 'it',
  termAndConditionsAccepted: true,
  privacyPolicyAccepted: true,
  selectedCategory: 2,
  ...overrides,
});

const subscribe = (f: Partial<WaitingListForm> = {}, t: Partial<WaitingListTerms> = {}, subscriberId = 's-2'): SubscribeToWaitingList => ({
  subscriberId,
  subjectId: `subject-${subscriberId}`,
  eventShortName: 'gala',
  form: form(f),
  terms: terms(t),
  ownerUserId: null,
});

const joined = (overrides: Partial<WaitingListJoined['data']> = {}): WaitingListJoined => ({
  type: 'WaitingListJoined',
  data: {
    subscriberId: 's-1',
    eventShortName: 'gala',
    categoryId: 2,
    language: 'it',
    reason: 'SOLD_OUT',
    subjectId: 'subject-s-1',
    contact: { firstName: 'Anna', lastName: 'Rossi', email: 'anna@example.test' },
    ownerUserId: null,
    ...overrides,
  },
});

describe('subscribe to a waiting list', () => {
  describe('on an empty list', () => {
    it('adds the subscriber with the category, language and reason, the contact trimmed', () => {
      spec
        .given([])
        .when(subscribe({ firstName: ' Anna ', email: ' anna@example.test ', userLanguage: 'IT' }))
        .then([joined({ subscriberId: 's-2', subjectId: 'subject-s-2' })]);
    });

    it('records the signed-in person who joins as the owner of the seat offered later', () => {
      spec
        .given([])
        .when({ ...subscribe(), ownerUserId: 'user-ada' })
        .then([joined({ subscriberId: 's-2', subjectId: 'subject-s-2', ownerUserId: 'user-ada' })]);
      const { ownerUserId: _absent, ...recordedBefore } = joined().data;
      expect(evolveWaitingList(initialWaitingListState(), { type: 'WaitingListJoined', data: recordedBefore }).subscribers[0]!.ownerUserId).toBeNull();
      expect(evolveWaitingList(initialWaitingListState(), joined({ ownerUserId: 'user-ada' })).subscribers[0]!.ownerUserId).toBe('user-ada');
    });

    it('takes pre-sale registrations while sales have not started', () => {
      expect(added(spec.given([]).when(subscribe({}, { open: 'PRE_SALES' })).events()).reason).toBe('PRE_SALES');
    });

    it('decides nothing (the call answers false) when the list takes no entries', () => {
      spec.given([]).when(subscribe({}, { open: null })).then([]);
    });

    it('still reports form errors when the list is closed', () => {
      spec.given([]).when(subscribe({ email: 'nope' }, { open: null })).thenThrows('error.email', 'email');
    });

    it('requires accepting the terms, and the privacy policy only when the event has one', () => {
      spec.given([]).when(subscribe({ termAndConditionsAccepted: false })).thenThrows('error.STEP_2_TERMS_CONDITIONS', 'termAndConditionsAccepted');
      spec.given([]).when(subscribe({ privacyPolicyAccepted: false })).thenThrows('error.STEP_2_TERMS_CONDITIONS', 'privacyPolicyAccepted');
      expect(spec.given([]).when(subscribe({ privacyPolicyAccepted: false }, { privacyPolicyRequired: false })).events()).toHaveLength(1);
    });

    it('requires first and last name, at most 255 characters each, with the codes of the reference', () => {
      spec.given([]).when(subscribe({ firstName: '  ' })).thenThrows('error.firstname', 'firstName');
      spec.given([]).when(subscribe({ firstName: 'a'.repeat(256) })).thenThrows('error.firstname', 'firstName');
      spec.given([]).when(subscribe({ lastName: null })).thenThrows('lastname.fullname', 'lastName');
      spec.given([]).when(subscribe({ lastName: 'a'.repeat(256) })).thenThrows('error.lastname', 'lastName');
      spec.given([]).when(subscribe({ lastName: 'Ro\u0000ssi' })).thenThrows('error.lastname', 'lastName');
      expect(spec.given([]).when(subscribe({ firstName: 'a'.repeat(255), lastName: 'b'.repeat(255) })).events()).toHaveLength(1);
    });

    it('requires a well-formed e-mail of at most 255 characters', () => {
      for (const email of [null, '', 'anna', 'anna@', '@example.test', 'anna@example', 'an na@example.test', `${'a'.repeat(250)}@x.test`]) {
        spec.given([]).when(subscribe({ email })).thenThrows('error.email', 'email');
      }
    });

    it("requires one of the event's content languages", () => {
      spec.given([]).when(subscribe({ userLanguage: null })).thenThrows('error.userLanguage', 'userLanguage');
      spec.given([]).when(subscribe({ userLanguage: 'de' })).thenThrows('error.userLanguage', 'userLanguage');
      expect(added(spec.given([]).when(subscribe({ userLanguage: 'it-CH' })).events()).language).toBe('it');
    });

    it('reports every problem of the form at once', () => {
      let caught: unknown;
      try {
        subscribeToWaitingListDecider.decide(subscribe({ firstName: null, lastName: null, email: null, userLanguage: null, termAndConditionsAccepted: false, privacyPolicyAccepted: false }), { subscribers: [] });
      } catch (error) {
        caught = error;
      }
      expect((caught as { violations: { field: string; code: string }[] }).violations.map((v) => [v.field, v.code])).toEqual([
        ['termAndConditionsAccepted', 'error.STEP_2_TERMS_CONDITIONS'],
        ['privacyPolicyAccepted', 'error.STEP_2_TERMS_CONDITIONS'],
        ['firstName', 'error.firstname'],
        ['lastName', 'lastname.fullname'],
        ['email', 'error.email'],
        ['userLanguage', 'error.userLanguage'],
      ]);
    });
  });

  describe('choosing a category', () => {
    it('must pick one of the offered categories when several are offered; none picked means any', () => {
      spec.given([]).when(subscribe({ selectedCategory: 9 })).thenThrows('error.restrictedValue', 'selectedCategory');
      expect(added(spec.given([]).when(subscribe({ selectedCategory: null })).events()).categoryId).toBeNull();
    });

    it('takes the only offered category, whatever was sent', () => {
      expect(added(spec.given([]).when(subscribe({ selectedCategory: 9 }, { categoryIds: [5] })).events()).categoryId).toBe(5);
    });

    it('records no category when none is offered', () => {
      expect(added(spec.given([]).when(subscribe({ selectedCategory: 2 }, { categoryIds: [] })).events()).categoryId).toBeNull();
    });
  });

  describe('when the e-mail already waits', () => {
    it('decides nothing for the same e-mail and category, whatever its case', () => {
      spec.given([joined()]).when(subscribe({ email: 'ANNA@Example.TEST' })).then([]);
    });

    it('adds the same e-mail for another category', () => {
      expect(spec.given([joined()]).when(subscribe({ selectedCategory: 1 })).events()).toHaveLength(1);
    });

    it('adds it again once the earlier entry was erased', () => {
      expect(spec.given([joined({ contact: null })]).when(subscribe()).events()).toHaveLength(1);
    });

    it('still refuses a duplicate after the earlier entry was offered a seat', () => {
      spec
        .given([joined(), { type: 'WaitingListOffered', data: { subscriberId: 's-1', eventShortName: 'gala', reservationId: 'r-1', validUntil: '2027-01-01T00:00:00.000Z' } }])
        .when(subscribe())
        .then([]);
    });
  });
});
