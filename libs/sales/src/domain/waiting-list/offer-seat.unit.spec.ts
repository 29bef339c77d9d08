import { describe, expect, it } from 'vitest';
import type { OfferedCategory, PurchaseOffer } from '@ticketing/catalog/contracts';
// Tests only: the catalog's fixtures.
import { eventDetails, ticketCategory, invoicingTerms } from '@ticketing/testing/catalog-events';
import { decideReserveTickets } from '../reservation/reserve-tickets.js';
import { categoryToOffer, decideOfferSeat, subscribersToOffer } from './offer-seat.js';
import type { WaitingListEvent, WaitingListJoined } from './waiting-list.events.js';
import { evolveWaitingList, initialWaitingListState } from './waiting-list.js';

const joined = (subscriberId: string, overrides: Partial<WaitingListJoined['data']> = {}): WaitingListJoined => ({
  type: 'WaitingListJoined',
  data: {
    subscriberId,
    eventShortName: 'gala',
    categoryId: null,
    language: 'en',
    reason: 'SOLD_OUT',
    subjectId: `subject-${subscriberId}`,
    contact: { firstName: 'A', lastName: 'B', email: `${subscriberId}@example.test` },
    ...overrides,
  },
});
const offered = (subscriberId: string, reservationId = `r-${subscriberId}`): WaitingListEvent => ({
  type: 'WaitingListOffered',
  data: { subscriberId, eventShortName: 'gala', reservationId, validUntil: '2027-03-01T14:00:00.000Z' },
});
const given = (events: readonly WaitingListEvent[]) => events.reduce(evolveWaitingList, initialWaitingListState());
const offer = (s: string, reservationId = `r-${s}`) => ({ subscriberId: s, eventShortName: 'gala', reservationId, validUntil: '2027-03-01T14:00:00.000Z' });

describe('offer a seat to a subscriber', () => {
  it('records the offer for a waiting subscriber', () => {
    expect(decideOfferSeat(given([joined('s-1')]), offer('s-1'))).toEqual([offered('s-1')]);
  });

  it('never offers twice, nor to an unknown or erased subscriber', () => {
    expect(decideOfferSeat(given([joined('s-1'), offered('s-1')]), offer('s-1', 'r-other'))).toEqual([]);
    expect(decideOfferSeat(given([joined('s-1')]), offer('s-9'))).toEqual([]);
    expect(decideOfferSeat(given([joined('s-1', { contact: null })]), offer('s-1'))).toEqual([]);
  });

  it('lists who still waits in the order they joined, skipping the offered and the erased', () => {
    const state = given([joined('s-1'), joined('s-2'), joined('s-3', { contact: null }), joined('s-4'), offered('s-1'), joined('s-1')]);
    expect(subscribersToOffer(state).map((s) => s.subscriberId)).toEqual(['s-2', 's-4']);
  });
});

describe('the category offered', () => {
  const category = (id: number, overrides: Partial<OfferedCategory> & { ordinal?: number; accessRestricted?: boolean } = {}): OfferedCategory => ({
    category: ticketCategory({ id, key: `c${id}`, ordinal: overrides.ordinal ?? id, accessRestricted: overrides.accessRestricted ?? false }),
    onSale: overrides.onSale ?? true,
    accessible: true,
    maxPerReservation: 5,
  });
  const purchase = (categories: OfferedCategory[]): PurchaseOffer => ({
    event: eventDetails({ shortName: 'gala', reservationValidityMinutes: 25, allowedPaymentProxies: ['OFFLINE'] }),
    organizer: null,
    totalSeats: null,
    capacities: [],
    categories,
    services: [],
    code: null,
    attendeeFields: [],
    invoicing: invoicingTerms(),
  });
  const waiting = (categoryId: number | null) => subscribersToOffer(given([joined('s-1', { categoryId })]))[0]!;

  it("is the subscriber's own, else the first public category on sale by display order", () => {
    const offerNow = purchase([category(1, { onSale: false, ordinal: 0 }), category(2, { accessRestricted: true, ordinal: 1 }), category(3, { ordinal: 5 }), category(4, { ordinal: 2 })]);
    expect(categoryToOffer(waiting(3), offerNow)).toBe(3);
    expect(categoryToOffer(waiting(null), offerNow)).toBe(4);
    expect(categoryToOffer(waiting(null), purchase([category(1, { onSale: false })]))).toBeNull();
  });

  it('is reserved for the waiting-list validity instead of the event one', () => {
    const plan = decideReserveTickets(
      {
        reservationId: 'r-1',
        ticketIds: ['t-1'],
        eventShortName: 'gala',
        language: 'en',
        selection: [{ categoryId: 1, quantity: 1, metadata: [] }],
        services: [],
        promoCode: null,
        captchaPassed: null,
        ownerUserId: null,
        now: new Date('2027-03-01T10:00:00.000Z'),
        validityMinutes: 240,
      },
      purchase([category(1)]),
    );
    expect(plan.opened.data.validUntil).toBe('2027-03-01T14:00:00.000Z');
    expect(plan.hold.expiresAt).toBe('2027-03-01T14:00:00.000Z');
  });
});
