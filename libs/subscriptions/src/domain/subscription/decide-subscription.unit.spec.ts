import { describe, expect, it } from 'vitest';
import type { Decider } from '@ticketing/kernel';
import { subscriptionErrors, type SubscriptionIssued } from '@ticketing/subscriptions/contracts';
import { deciderSpec } from '@ticketing/testing';
import { decideGiveBack, decideUndoUse, decideUse } from './decide-subscription.js';
import type { SubscriptionEvent } from './subscription.events.js';
import { evolveSubscription, initialSubscriptionState, isIssued, usageOf, type SubscriptionState } from './subscription.js';

type SubscriptionCommand =
  | { readonly type: 'Use'; readonly reservationId: string; readonly eventShortName?: string; readonly entries?: number; readonly now?: string }
  | { readonly type: 'UndoUse'; readonly reservationId: string }
  | { readonly type: 'GiveBack'; readonly reservationId: string; readonly entries: number };

const subscriptionId = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
const during = '2026-06-15T12:00:00.000Z';
const subscriptionDecider: Decider<SubscriptionState, SubscriptionCommand, SubscriptionEvent> = {
  initialState: initialSubscriptionState,
  evolve: evolveSubscription,
  decide(command, state) {
    switch (command.type) {
      case 'Use':
        return decideUse(state, { reservationId: command.reservationId, eventShortName: command.eventShortName ?? 'jazz', entries: command.entries ?? 1, now: new Date(command.now ?? during) });
      case 'UndoUse':
        return decideUndoUse(state, command.reservationId);
      case 'GiveBack':
        return decideGiveBack(state, command.reservationId, command.entries);
    }
  },
};
const spec = deciderSpec(subscriptionDecider);

const issued = (terms: Partial<SubscriptionIssued['data']> = {}): SubscriptionIssued => ({
  type: 'SubscriptionIssued',
  data: {
    subscriptionId,
    descriptorId: 'a1b2c3d4-0000-4000-8000-000000000001',
    organizerSlug: 'acme',
    reservationId: 'r-bought',
    pin: '7K3M9P2Q',
    subjectId: 'reservation-r-bought',
    owner: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' },
    validFrom: '2026-06-01T10:00:00.000Z',
    validTo: '2026-06-30T21:59:59.000Z',
    maxEntries: 3,
    usageType: 'UNLIMITED',
    compatibleEventShortNames: ['jazz', 'rock', 'opera'],
    purchasedAt: '2026-06-01T10:00:00.000Z',
    ...terms,
  },
});
const used = (reservationId: string, entries = 1, eventShortName = 'jazz'): SubscriptionEvent => ({
  type: 'SubscriptionUsed',
  data: { subscriptionId, reservationId, eventShortName, entries },
});
const undone = (reservationId: string, entries = 1, eventShortName = 'jazz'): SubscriptionEvent => ({
  type: 'SubscriptionUseUndone',
  data: { subscriptionId, reservationId, eventShortName, entries },
});
const fold = (events: readonly SubscriptionEvent[]) => events.reduce(evolveSubscription, initialSubscriptionState());

describe('a pass never issued', () => {
  it('cannot be used: not acquired', () => {
    spec.given([]).when({ type: 'Use', reservationId: 'r-1' }).thenThrows(subscriptionErrors.notAcquired);
  });
  it('has no use to undo', () => {
    spec.given([]).when({ type: 'UndoUse', reservationId: 'r-1' }).then([]);
  });
});

describe('an issued pass, unused', () => {
  it('pays for tickets of one of its events within its validity', () => {
    spec.given([issued()]).when({ type: 'Use', reservationId: 'r-1', entries: 2 }).then([used('r-1', 2)]);
  });
  it('is not valid for an event it was not sold for', () => {
    spec.given([issued()]).when({ type: 'Use', reservationId: 'r-1', eventShortName: 'circus' }).thenThrows(subscriptionErrors.notValid);
  });
  it('is not valid yet before its validity starts (not "expired": it will work later)', () => {
    spec.given([issued()]).when({ type: 'Use', reservationId: 'r-1', now: '2026-06-01T09:59:59.999Z' }).thenThrows(subscriptionErrors.notValid);
    spec.given([issued()]).when({ type: 'Use', reservationId: 'r-1', now: '2026-06-01T10:00:00.000Z' }).then([used('r-1')]);
  });
  it('has expired after its last instant, and still works on it', () => {
    spec.given([issued()]).when({ type: 'Use', reservationId: 'r-1', now: '2026-06-30T21:59:59.000Z' }).then([used('r-1')]);
    spec.given([issued()]).when({ type: 'Use', reservationId: 'r-1', now: '2026-06-30T22:00:00.000Z' }).thenThrows(subscriptionErrors.expired);
  });
  it('works at any time without validity limits', () => {
    spec.given([issued({ validFrom: null, validTo: null })]).when({ type: 'Use', reservationId: 'r-1', now: '2031-01-01T00:00:00.000Z' }).then([used('r-1')]);
  });
  it('pays for all its entries at once, not one more', () => {
    spec.given([issued()]).when({ type: 'Use', reservationId: 'r-1', entries: 3 }).then([used('r-1', 3)]);
    spec.given([issued()]).when({ type: 'Use', reservationId: 'r-1', entries: 4 }).thenThrows(subscriptionErrors.maxUsageReached);
  });
  it('answers the first rule broken: an unknown event before the dates, the dates before the entries', () => {
    spec.given([issued()]).when({ type: 'Use', reservationId: 'r-1', eventShortName: 'circus', now: '2027-01-01T00:00:00.000Z' }).thenThrows(subscriptionErrors.notValid);
    spec.given([issued()]).when({ type: 'Use', reservationId: 'r-1', entries: 9, now: '2027-01-01T00:00:00.000Z' }).thenThrows(subscriptionErrors.expired);
  });
  it('takes no use of no entries (a caller error, not an answer)', () => {
    expect(() => spec.given([issued()]).when({ type: 'Use', reservationId: 'r-1', entries: 0 }).events()).toThrow(RangeError);
    expect(() => spec.given([issued()]).when({ type: 'Use', reservationId: 'r-1', entries: 1.5 }).events()).toThrow(RangeError);
  });
});

describe('a pass with max entries, partly used', () => {
  it('can be used up exactly: 2 of 3 used, one more is fine, then none', () => {
    spec.given([issued(), used('r-1', 2)]).when({ type: 'Use', reservationId: 'r-2' }).then([used('r-2')]);
    spec.given([issued(), used('r-1', 2), used('r-2')]).when({ type: 'Use', reservationId: 'r-3', eventShortName: 'rock' }).thenThrows(subscriptionErrors.maxUsageReached);
  });
  it('refuses 2 entries when 1 is left', () => {
    spec.given([issued(), used('r-1', 2)]).when({ type: 'Use', reservationId: 'r-2', entries: 2 }).thenThrows(subscriptionErrors.maxUsageReached);
  });
  it('counts every event together', () => {
    spec.given([issued(), used('r-1', 1, 'jazz'), used('r-2', 1, 'rock'), used('r-3', 1, 'opera')]).when({ type: 'Use', reservationId: 'r-4', eventShortName: 'rock' }).thenThrows(subscriptionErrors.maxUsageReached);
  });
  it('the same order asking again changes nothing, even once the pass expired or is used up', () => {
    spec.given([issued(), used('r-1', 2)]).when({ type: 'Use', reservationId: 'r-1', entries: 2 }).then([]);
    spec.given([issued(), used('r-1', 2)]).when({ type: 'Use', reservationId: 'r-1', entries: 2, now: '2026-07-02T00:00:00.000Z' }).then([]);
    spec.given([issued(), used('r-1', 3)]).when({ type: 'Use', reservationId: 'r-1', entries: 3 }).then([]);
  });
  it("the same order with other entries replaces its use, counted without its former one", () => {
    spec.given([issued(), used('r-1', 2)]).when({ type: 'Use', reservationId: 'r-1', entries: 3 }).then([used('r-1', 3)]);
    spec.given([issued(), used('r-1', 2)]).when({ type: 'Use', reservationId: 'r-1', entries: 1 }).then([used('r-1', 1)]);
    spec.given([issued(), used('r-1', 2), used('r-2')]).when({ type: 'Use', reservationId: 'r-1', entries: 3 }).thenThrows(subscriptionErrors.maxUsageReached);
  });
  it('a replaced use frees what it no longer takes', () => {
    spec.given([issued(), used('r-1', 3), used('r-1', 1)]).when({ type: 'Use', reservationId: 'r-2', entries: 2 }).then([used('r-2', 2)]);
  });
});

describe('a pass without max entries', () => {
  it('UNLIMITED: pays for any number of entries, any number of times for the same event', () => {
    const many = [issued({ maxEntries: null }), used('r-1', 40), used('r-2', 40)];
    spec.given(many).when({ type: 'Use', reservationId: 'r-3', entries: 40 }).then([used('r-3', 40)]);
  });
  it('still keeps to its events and dates', () => {
    spec.given([issued({ maxEntries: null })]).when({ type: 'Use', reservationId: 'r-1', eventShortName: 'circus' }).thenThrows(subscriptionErrors.notValid);
    spec.given([issued({ maxEntries: null })]).when({ type: 'Use', reservationId: 'r-1', now: '2026-07-01T00:00:00.000Z' }).thenThrows(subscriptionErrors.expired);
  });
});

describe('a once-per-event pass', () => {
  const once = issued({ usageType: 'ONCE_PER_EVENT' });
  it('pays for one entry of an event', () => {
    spec.given([once]).when({ type: 'Use', reservationId: 'r-1' }).then([used('r-1')]);
  });
  it('is refused for an event another order used it for, and works for another event', () => {
    spec.given([once, used('r-1')]).when({ type: 'Use', reservationId: 'r-2' }).thenThrows(subscriptionErrors.maxUsageReachedPerEvent);
    spec.given([once, used('r-1')]).when({ type: 'Use', reservationId: 'r-2', eventShortName: 'rock' }).then([used('r-2', 1, 'rock')]);
  });
  it('is refused two entries of one event at once', () => {
    spec.given([once]).when({ type: 'Use', reservationId: 'r-1', entries: 2 }).thenThrows(subscriptionErrors.maxUsageReachedPerEvent);
  });
  it('the same order again changes nothing', () => {
    spec.given([once, used('r-1')]).when({ type: 'Use', reservationId: 'r-1' }).then([]);
  });
  it('answers max entries before the per-event rule when both are broken', () => {
    const usedUp = [issued({ usageType: 'ONCE_PER_EVENT', maxEntries: 2 }), used('r-1', 1, 'jazz'), used('r-2', 1, 'rock')];
    spec.given(usedUp).when({ type: 'Use', reservationId: 'r-3', eventShortName: 'jazz' }).thenThrows(subscriptionErrors.maxUsageReached);
  });
});

describe('undoing a use', () => {
  it("gives the order's entries back, once", () => {
    spec.given([issued(), used('r-1', 2)]).when({ type: 'UndoUse', reservationId: 'r-1' }).then([undone('r-1', 2)]);
    spec.given([issued(), used('r-1', 2), undone('r-1', 2)]).when({ type: 'UndoUse', reservationId: 'r-1' }).then([]);
  });
  it('of an order that never used the pass does nothing', () => {
    spec.given([issued(), used('r-1')]).when({ type: 'UndoUse', reservationId: 'r-2' }).then([]);
  });
  it("undone, the last entry goes to the next order", () => {
    spec.given([issued(), used('r-1', 2), used('r-2')]).when({ type: 'Use', reservationId: 'r-3' }).thenThrows(subscriptionErrors.maxUsageReached);
    spec.given([issued(), used('r-1', 2), used('r-2'), undone('r-2')]).when({ type: 'Use', reservationId: 'r-3' }).then([used('r-3')]);
  });
  it('the same order can use the pass again after undoing', () => {
    spec.given([issued(), used('r-1', 2), undone('r-1', 2)]).when({ type: 'Use', reservationId: 'r-1', entries: 2 }).then([used('r-1', 2)]);
  });
  it('once per event: undone, another order may use it for that event', () => {
    spec.given([issued({ usageType: 'ONCE_PER_EVENT' }), used('r-1'), undone('r-1')]).when({ type: 'Use', reservationId: 'r-2' }).then([used('r-2')]);
  });
});

describe('giving entries back (tickets the pass paid for, released)', () => {
  it('leaves the rest of the use as the whole use, the other orders untouched', () => {
    spec.given([issued(), used('r-1', 3)]).when({ type: 'GiveBack', reservationId: 'r-1', entries: 1 }).then([used('r-1', 2)]);
    spec.given([issued(), used('r-1', 2, 'rock'), used('r-2')]).when({ type: 'GiveBack', reservationId: 'r-1', entries: 1 }).then([used('r-1', 1, 'rock')]);
  });
  it('undoes the use when nothing is left', () => {
    spec.given([issued(), used('r-1')]).when({ type: 'GiveBack', reservationId: 'r-1', entries: 1 }).then([undone('r-1')]);
    spec.given([issued(), used('r-1', 2)]).when({ type: 'GiveBack', reservationId: 'r-1', entries: 2 }).then([undone('r-1', 2)]);
  });
  it('is never refused: a pass expired since takes its entry back', () => {
    spec.given([issued({ validTo: '2026-06-02T00:00:00.000Z' }), used('r-1', 2)]).when({ type: 'GiveBack', reservationId: 'r-1', entries: 1 }).then([used('r-1', 1)]);
  });
  it('changes nothing for an order without a use, or a pass never issued', () => {
    spec.given([issued(), used('r-1')]).when({ type: 'GiveBack', reservationId: 'r-2', entries: 1 }).then([]);
    spec.given([issued(), used('r-1'), undone('r-1')]).when({ type: 'GiveBack', reservationId: 'r-1', entries: 1 }).then([]);
    spec.given([]).when({ type: 'GiveBack', reservationId: 'r-1', entries: 1 }).then([]);
  });
});

describe('usageOf', () => {
  const usage = (events: readonly SubscriptionEvent[]) => {
    const state = fold(events);
    if (!isIssued(state)) throw new Error('not issued');
    return usageOf(state);
  };
  it('counts entries used and left, after replaces and undos', () => {
    expect(usage([issued()])).toEqual({ used: 0, available: 3 });
    expect(usage([issued(), used('r-1', 2), used('r-2', 1, 'rock')])).toEqual({ used: 3, available: 0 });
    expect(usage([issued(), used('r-1', 2), used('r-1', 1), undone('r-9')])).toEqual({ used: 1, available: 2 });
    expect(usage([issued(), used('r-1', 2), undone('r-1', 2)])).toEqual({ used: 0, available: 3 });
  });
  it('has nothing left to count without max entries', () => {
    expect(usage([issued({ maxEntries: null }), used('r-1', 5)])).toEqual({ used: 5, available: null });
  });
});
