import { describe, expect, it } from 'vitest';
import { priceReservation } from '../pricing/price-reservation.js';
import { decideApplySubscription, decideRemoveSubscription, ticketsToCover } from './apply-subscription.js';
import type { ReservationEvent, ReservationOpened } from './reservation.events.js';
import { evolveReservation, initialReservationState, type ReservationState } from './reservation.js';

const price = priceReservation({
  currency: 'CHF',
  vatPercentage: 0,
  vatIncluded: true,
  tickets: [
    { categoryId: 1, price: 0 },
    { categoryId: 2, price: 3000 },
    { categoryId: 2, price: 3000 },
  ],
  code: null,
  services: [],
});

const opened = (overrides: Partial<ReservationOpened['data']> = {}): ReservationOpened => ({
  type: 'ReservationOpened',
  data: {
    reservationId: 'r-1',
    eventShortName: 'jazz',
    language: 'en',
    validUntil: '2027-03-01T10:25:00.000Z',
    promoCode: null,
    tickets: [
      { ticketId: 't-free', categoryId: 1, metadata: {} },
      { ticketId: 't-1', categoryId: 2, metadata: {} },
      { ticketId: 't-2', categoryId: 2, metadata: {} },
    ],
    additionalServices: [],
    price,
    ownerUserId: null,
    ...overrides,
  },
});
const fold = (...events: ReservationEvent[]): ReservationState => events.reduce((s, e) => evolveReservation(s, e), initialReservationState());
const apply = { reservationId: 'r-1', subscriptionId: 'pass-1', title: { en: 'Pass' } };

describe('a pass paying for tickets of an order', () => {
  it('covers the first tickets that cost something, never a free one', () => {
    const state = fold(opened());
    expect(ticketsToCover(state, 1, null)).toEqual([1]);
    expect(ticketsToCover(state, 5, null)).toEqual([1, 2]);
    expect(ticketsToCover(state, 0, null)).toEqual([]);
  });

  it('covers only tickets of the categories the pass pays for at the event, wherever they are in the order', () => {
    const vipFirst = priceReservation({
      currency: 'CHF',
      vatPercentage: 0,
      vatIncluded: true,
      tickets: [
        { categoryId: 3, price: 9000 },
        { categoryId: 2, price: 3000 },
        { categoryId: 1, price: 0 },
        { categoryId: 2, price: 3000 },
      ],
      code: null,
      services: [],
    });
    const state = fold(
      opened({
        tickets: [
          { ticketId: 't-vip', categoryId: 3, metadata: {} },
          { ticketId: 't-1', categoryId: 2, metadata: {} },
          { ticketId: 't-free', categoryId: 1, metadata: {} },
          { ticketId: 't-2', categoryId: 2, metadata: {} },
        ],
        price: vipFirst,
      }),
    );
    expect(ticketsToCover(state, 1, null)).toEqual([0]);
    expect(ticketsToCover(state, 1, [2])).toEqual([1]);
    expect(ticketsToCover(state, 5, [2])).toEqual([1, 3]);
    expect(ticketsToCover(state, 5, [2, 3])).toEqual([0, 1, 3]);
    // the only ticket of its categories is free, or no category at all: nothing to pay for
    expect(ticketsToCover(state, 5, [1])).toEqual([]);
    expect(ticketsToCover(state, 5, [])).toEqual([]);
  });

  it('applies once: the price drops, the state remembers the pass and its tickets; removing gives the opening price back', () => {
    const state = fold(opened());
    const [applied] = decideApplySubscription(state, { ...apply, ticketIndexes: [1] });
    expect(applied).toMatchObject({ type: 'SubscriptionApplied', data: { subscriptionId: 'pass-1', ticketIds: ['t-1'], eventShortName: 'jazz' } });
    const after = fold(opened(), applied!);
    expect(after.status !== 'NONE' && after.price.totals.priceWithVat).toBe(3000);
    expect(after.status !== 'NONE' && after.appliedSubscription).toEqual({ subscriptionId: 'pass-1', ticketIds: ['t-1'] });
    expect(decideApplySubscription(after, { ...apply, subscriptionId: 'pass-2', ticketIndexes: [2] })).toEqual([]);

    const [removed] = decideRemoveSubscription(after, 'r-1');
    expect(removed).toEqual({ type: 'SubscriptionRemoved', data: { reservationId: 'r-1', eventShortName: 'jazz', subscriptionId: 'pass-1', price } });
    const back = fold(opened(), applied!, removed!);
    expect(back.status !== 'NONE' && [back.price, back.appliedSubscription]).toEqual([price, null]);
    expect(decideRemoveSubscription(back, 'r-1')).toEqual([]);
  });

  it('applies nothing to an order that is not pending, buys a pass itself, or has no ticket to pay for', () => {
    const cancelled = fold(opened(), { type: 'ReservationCancelled', data: { reservationId: 'r-1', eventShortName: 'jazz' } });
    expect(decideApplySubscription(cancelled, { ...apply, ticketIndexes: [1] })).toEqual([]);
    const passOrder = fold(opened({ purchaseContext: { type: 'subscription', descriptorId: 'd-1', subscriptionId: 's-1' } }));
    expect(decideApplySubscription(passOrder, { ...apply, ticketIndexes: [1] })).toEqual([]);
    expect(decideApplySubscription(fold(opened()), { ...apply, ticketIndexes: [] })).toEqual([]);
  });
});
