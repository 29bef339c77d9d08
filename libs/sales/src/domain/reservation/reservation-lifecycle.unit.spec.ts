import { describe, expect, it } from 'vitest';
import { NotFoundError, RuleViolations } from '@ticketing/kernel';
import { decideSettle, HOLD_LOST } from '../inventory/hold-seats.js';
import { evolveInventory, initialInventoryState } from '../inventory/inventory.js';
import { issueTickets } from '../ticket/issue-tickets.js';
import type { BookingDetails } from './booking-details.js';
import { decideConfirmOfflinePayment, decideConfirmReservation, type ConfirmReservation } from './confirm-reservation.js';
import { decideBackToBooking, decideChangeItemAnswers, decideRecordBooking } from './record-booking.js';
import type { ReservationEvent, ReservationOpened } from './reservation.events.js';
import {
  decideCancelReservation,
  decideExpireReservation,
  evolveReservation,
  initialReservationState,
  reservationNotPending,
  type OpenedReservation,
  type ReservationState,
} from './reservation.js';

const now = new Date('2027-03-01T10:00:00.000Z');

const opened = (requiresPayment: boolean): ReservationOpened => ({
  type: 'ReservationOpened',
  data: {
    reservationId: 'r-1',
    eventShortName: 'gala',
    language: 'en',
    validUntil: '2027-03-01T10:25:00.000Z',
    promoCode: null,
    tickets: [
      { ticketId: 't-1', categoryId: 1, metadata: {} },
      { ticketId: 't-2', categoryId: 1, metadata: {} },
    ],
    additionalServices: [],
    price: { requiresPayment } as ReservationOpened['data']['price'],
    ownerUserId: null,
  },
});

const booking: BookingDetails = {
  contact: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' },
  invoiceRequested: false,
  business: false,
  skipVatNr: false,
  customerReference: null,
  billing: null,
  postponeAssignment: false,
  attendees: {
    't-1': { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', userLanguage: 'en', answers: {} },
    't-2': { firstName: 'Charles', lastName: 'Babbage', email: 'charles@example.org', userLanguage: 'en', answers: { company: ['Engines'] } },
  },
  items: [],
};

const given = (...events: ReservationEvent[]): ReservationState => events.reduce((s, e) => evolveReservation(s, e, now.toISOString()), initialReservationState());
const validated = (requiresPayment: boolean) =>
  given(opened(requiresPayment), { type: 'BookingDetailsRecorded', data: { reservationId: 'r-1', subjectId: 'reservation-r-1', booking } }, { type: 'BookingValidated', data: { reservationId: 'r-1' } });

const confirm = (overrides: Partial<ConfirmReservation> = {}): ConfirmReservation => ({
  reservationId: 'r-1',
  now,
  language: null,
  paymentProxy: null,
  termsAccepted: true,
  privacyAccepted: true,
  privacyPolicyRequired: true,
  availableProxies: ['OFFLINE', 'ON_SITE'],
  offlineDeadline: '2027-03-06T11:00:00.000Z',
  deferredTransfer: false,
  captchaPassed: null,
  invoicing: null,
  ...overrides,
});

const codesOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof RuleViolations) return error.violations.map((v) => `${v.field}:${v.code}`);
    throw error;
  }
  return [];
};

describe('recording the booking details', () => {
  it('records the details and validates them when they passed', () => {
    const events = decideRecordBooking(given(opened(true)), { reservationId: 'r-1', booking, passed: true, language: null });
    expect(events.map((e) => e.type)).toEqual(['BookingDetailsRecorded', 'BookingValidated']);
    expect(events[0]!.data).toMatchObject({ subjectId: 'reservation-r-1', booking });
  });

  it('records details that failed, without validating them (the buyer finds them again)', () => {
    expect(decideRecordBooking(given(opened(true)), { reservationId: 'r-1', booking, passed: false, language: null }).map((e) => e.type)).toEqual(['BookingDetailsRecorded']);
  });

  it('records nothing when the same details are sent again', () => {
    expect(decideRecordBooking(validated(true), { reservationId: 'r-1', booking, passed: true, language: null })).toEqual([]);
  });

  it('takes the validation back when changed details fail', () => {
    const changed = { ...booking, contact: { ...booking.contact, email: 'bad' } };
    expect(decideRecordBooking(validated(true), { reservationId: 'r-1', booking: changed, passed: false, language: null }).map((e) => e.type)).toEqual([
      'BookingDetailsRecorded',
      'BookingReopened',
    ]);
  });

  it('goes on in the language the buyer is on at this step, once: the order speaks it from then on', () => {
    const switched = decideRecordBooking(validated(true), { reservationId: 'r-1', booking, passed: true, language: 'de' });
    expect(switched).toEqual([{ type: 'ReservationLanguageChanged', data: { reservationId: 'r-1', language: 'de' } }]);
    const state = given(opened(true), ...switched);
    expect(state.status !== 'NONE' && state.language).toBe('de');
    expect(decideRecordBooking(state, { reservationId: 'r-1', booking, passed: false, language: 'de' }).map((e) => e.type)).toEqual(['BookingDetailsRecorded']);
    expect(decideRecordBooking(validated(true), { reservationId: 'r-1', booking, passed: true, language: 'en' })).toEqual([]);
  });

  it('is not found unless pending', () => {
    const cancelled = given(opened(true), { type: 'ReservationCancelled', data: { reservationId: 'r-1', eventShortName: 'gala' } });
    expect(() => decideRecordBooking(cancelled, { reservationId: 'r-1', booking, passed: true, language: null })).toThrow(NotFoundError);
    expect(() => decideRecordBooking(initialReservationState(), { reservationId: 'r-1', booking, passed: true, language: null })).toThrow(NotFoundError);
  });

  it('goes back to booking only from a validated pending reservation', () => {
    expect(decideBackToBooking(validated(true), 'r-1').map((e) => e.type)).toEqual(['BookingReopened']);
    expect(decideBackToBooking(given(opened(true)), 'r-1')).toEqual([]);
  });
});

describe('changing the answers about a ticket\'s items (ticket update)', () => {
  const withItems: BookingDetails = {
    ...booking,
    items: [
      { itemId: 1, ticketId: 't-1', answers: { size: ['M'] } },
      { itemId: 2, ticketId: 't-2', answers: { size: ['L'] } },
    ],
  };
  const complete = () => {
    const recorded = given(opened(false), { type: 'BookingDetailsRecorded', data: { reservationId: 'r-1', subjectId: 'reservation-r-1', booking: withItems } }, { type: 'BookingValidated', data: { reservationId: 'r-1' } });
    return evolveReservation(recorded, decideConfirmReservation(recorded, confirm()).events[0]!, now.toISOString());
  };

  it('records the details again with the new answers of the items linked to that ticket only', () => {
    const events = decideChangeItemAnswers(complete(), { reservationId: 'r-1', ticketId: 't-1', items: [{ itemId: 1, answers: { size: ['XL'] } }, { itemId: 2, answers: { size: ['S'] } }], fixedFields: [] });
    expect(events).toEqual([
      {
        type: 'BookingDetailsRecorded',
        data: {
          reservationId: 'r-1',
          subjectId: 'reservation-r-1',
          booking: { ...withItems, items: [{ itemId: 1, ticketId: 't-1', answers: { size: ['XL'] } }, withItems.items[1]] },
        },
      },
    ]);
  });

  it('records nothing when the answers are the ones recorded, or name no item of the ticket', () => {
    expect(decideChangeItemAnswers(complete(), { reservationId: 'r-1', ticketId: 't-1', items: [{ itemId: 1, answers: { size: ['M'] } }], fixedFields: [] })).toEqual([]);
    expect(decideChangeItemAnswers(complete(), { reservationId: 'r-1', ticketId: 't-1', items: [{ itemId: 2, answers: { size: ['S'] } }], fixedFields: [] })).toEqual([]);
  });

  it('keeps a recorded answer to a field that is not editable, whatever is sent or left out, and takes the others', () => {
    const sent = { itemId: 1, answers: { size: ['XL'], engraving: ['Ada'] } };
    expect(decideChangeItemAnswers(complete(), { reservationId: 'r-1', ticketId: 't-1', items: [sent], fixedFields: ['size'] })).toEqual([
      {
        type: 'BookingDetailsRecorded',
        data: {
          reservationId: 'r-1',
          subjectId: 'reservation-r-1',
          booking: { ...withItems, items: [{ itemId: 1, ticketId: 't-1', answers: { size: ['M'], engraving: ['Ada'] } }, withItems.items[1]] },
        },
      },
    ]);
    expect(decideChangeItemAnswers(complete(), { reservationId: 'r-1', ticketId: 't-1', items: [{ itemId: 1, answers: {} }], fixedFields: ['size'] })).toEqual([]);
    expect(decideChangeItemAnswers(complete(), { reservationId: 'r-1', ticketId: 't-1', items: [{ itemId: 1, answers: { size: ['S'] } }], fixedFields: ['size'] })).toEqual([]);
  });

  it('takes a first answer to a field that is not editable', () => {
    const events = decideChangeItemAnswers(complete(), { reservationId: 'r-1', ticketId: 't-1', items: [{ itemId: 1, answers: { size: ['M'], engraving: ['Ada'] } }], fixedFields: ['size', 'engraving'] });
    expect(events.map((e) => e.data.booking?.items[0])).toEqual([{ itemId: 1, ticketId: 't-1', answers: { size: ['M'], engraving: ['Ada'] } }]);
  });

  it("takes them on a deferred transfer too, whose tickets are issued at the buyer's confirmation", () => {
    const recorded = given(opened(true), { type: 'BookingDetailsRecorded', data: { reservationId: 'r-1', subjectId: 'reservation-r-1', booking: withItems } }, { type: 'BookingValidated', data: { reservationId: 'r-1' } });
    const deferred = evolveReservation(recorded, decideConfirmReservation(recorded, confirm({ paymentProxy: 'OFFLINE', deferredTransfer: true })).events[0]!, now.toISOString());
    expect(deferred.status).toBe('DEFERRED_OFFLINE_PAYMENT');
    expect(decideChangeItemAnswers(deferred, { reservationId: 'r-1', ticketId: 't-1', items: [{ itemId: 1, answers: { size: ['XL'] } }], fixedFields: [] })).toHaveLength(1);
  });

  it('is refused with 404 unless the order is complete', () => {
    const pending = given(opened(false), { type: 'BookingDetailsRecorded', data: { reservationId: 'r-1', subjectId: 'reservation-r-1', booking: withItems } });
    expect(() => decideChangeItemAnswers(pending, { reservationId: 'r-1', ticketId: 't-1', items: [{ itemId: 1, answers: { size: ['XL'] } }], fixedFields: [] })).toThrow(NotFoundError);
  });
});

describe('confirming the overview', () => {
  it('completes a free order with method NONE whatever was sent, selling the seats and issuing acquired tickets', () => {
    const result = decideConfirmReservation(validated(false), confirm({ paymentProxy: 'OFFLINE', availableProxies: [] }));
    expect(result.events[0]!.data).toMatchObject({ paymentProxy: 'NONE', paymentMethod: 'NONE', status: 'COMPLETE', paymentDeadline: null });
    expect(result.settlement).toEqual({ kind: 'sell' });
    expect(result.tickets).toBe('ACQUIRED');
  });

  it('awaits a bank transfer until its deadline, holding the seats until then', () => {
    const result = decideConfirmReservation(validated(true), confirm({ paymentProxy: 'OFFLINE' }));
    expect(result.events[0]!.data).toMatchObject({ paymentProxy: 'OFFLINE', paymentMethod: 'BANK_TRANSFER', status: 'OFFLINE_PAYMENT', paymentDeadline: '2027-03-06T11:00:00.000Z' });
    expect(result.settlement).toEqual({ kind: 'extend', expiresAt: '2027-03-06T11:00:00.000Z' });
    expect(result.tickets).toBeNull();
    const after = evolveReservation(validated(true), result.events[0]!, now.toISOString()) as OpenedReservation;
    expect(after).toMatchObject({ status: 'OFFLINE_PAYMENT', validUntil: '2027-03-06T11:00:00.000Z' });
  });

  it('completes an on-site order with tickets to be paid at the desk', () => {
    const result = decideConfirmReservation(validated(true), confirm({ paymentProxy: 'ON_SITE' }));
    expect(result.events[0]!.data).toMatchObject({ paymentProxy: 'ON_SITE', paymentMethod: 'ON_SITE', status: 'COMPLETE' });
    expect(result.tickets).toBe('TO_BE_PAID');
  });

  it('takes the only way to pay when none was sent', () => {
    expect(decideConfirmReservation(validated(true), confirm({ availableProxies: ['ON_SITE'] })).events[0]!.data.paymentProxy).toBe('ON_SITE');
  });

  it.each([
    ['no way to pay chosen among several', confirm(), 'paymentForm:error.STEP_2_MISSING_PAYMENT_METHOD'],
    ['a way to pay the event does not offer', confirm({ paymentProxy: 'STRIPE' }), 'paymentForm:error.STEP_2_MISSING_PAYMENT_METHOD'],
    ['terms not accepted', confirm({ paymentProxy: 'OFFLINE', termsAccepted: false }), 'paymentForm:error.STEP_2_TERMS_CONDITIONS'],
    ['privacy not accepted with a policy', confirm({ paymentProxy: 'OFFLINE', privacyAccepted: false }), 'paymentForm:error.STEP_2_TERMS_CONDITIONS'],
    ['a failed captcha', confirm({ paymentProxy: 'OFFLINE', captchaPassed: false }), 'paymentForm:error.STEP_2_CAPTCHA_VALIDATION_FAILED'],
    ['a transfer with no time left', confirm({ paymentProxy: 'OFFLINE', offlineDeadline: null }), 'paymentForm:error.STEP_2_MISSING_PAYMENT_METHOD'],
    ['an expired reservation', confirm({ paymentProxy: 'OFFLINE', now: new Date('2027-03-01T10:25:00.000Z') }), 'paymentForm:error.STEP_2_ORDER_HAS_EXPIRED'],
  ])('refuses %s', (_, command, code) => {
    expect(codesOf(() => decideConfirmReservation(validated(true), command))).toEqual([code]);
  });

  it('accepts a missing privacy acceptance when the event has no policy', () => {
    expect(decideConfirmReservation(validated(true), confirm({ paymentProxy: 'OFFLINE', privacyAccepted: false, privacyPolicyRequired: false })).events).toHaveLength(1);
  });

  it('refuses details that were never validated', () => {
    expect(codesOf(() => decideConfirmReservation(given(opened(true)), confirm({ paymentProxy: 'OFFLINE' })))).toEqual(['paymentForm:error.STEP_2_MISSING_ATTENDEE_DATA']);
  });

  it('checks expiry before anything else', () => {
    expect(codesOf(() => decideConfirmReservation(given(opened(true)), confirm({ termsAccepted: false, now: new Date('2027-03-02T00:00:00Z') })))).toEqual([
      'paymentForm:error.STEP_2_ORDER_HAS_EXPIRED',
    ]);
  });

  it('goes on in the language the buyer confirms in, when the event speaks another one: the order speaks it from then on', () => {
    const result = decideConfirmReservation(validated(true), confirm({ paymentProxy: 'OFFLINE', language: 'de' }));
    expect(result.languageChanged).toEqual({ type: 'ReservationLanguageChanged', data: { reservationId: 'r-1', language: 'de' } });
    expect(result.events.map((e) => e.type)).toEqual(['ReservationConfirmed']);
    expect(decideConfirmReservation(validated(true), confirm({ paymentProxy: 'OFFLINE', language: 'en' })).languageChanged).toBeUndefined();
    expect(decideConfirmReservation(validated(true), confirm({ paymentProxy: 'OFFLINE', language: null })).languageChanged).toBeUndefined();
    // confirmed before: nothing changes, the language neither
    const state = evolveReservation(validated(true), result.events[0]!, now.toISOString());
    expect(decideConfirmReservation(state, confirm({ paymentProxy: 'OFFLINE', language: 'de' }))).toEqual({ events: [], settlement: null, tickets: null });
  });

  it('refuses another way to pay while a bank transfer is awaited, and takes the same one again as the confirmation it was', () => {
    const first = decideConfirmReservation(validated(true), confirm({ paymentProxy: 'OFFLINE' }));
    const awaiting = evolveReservation(validated(true), first.events[0]!, now.toISOString());
    expect(codesOf(() => decideConfirmReservation(awaiting, confirm({ paymentProxy: 'ON_SITE' })))).toEqual(['paymentForm:error.STEP_2_PAYMENT_PROCESSING_ERROR']);
    expect(decideConfirmReservation(awaiting, confirm({ paymentProxy: 'OFFLINE' }))).toEqual({ events: [], settlement: null, tickets: null });
    expect(decideConfirmReservation(awaiting, confirm({ paymentProxy: null }))).toEqual({ events: [], settlement: null, tickets: null });
  });

  it('changes nothing when confirmed again', () => {
    const first = decideConfirmReservation(validated(true), confirm({ paymentProxy: 'OFFLINE' }));
    const state = evolveReservation(validated(true), first.events[0]!, now.toISOString());
    expect(decideConfirmReservation(state, confirm({ paymentProxy: 'OFFLINE', now: new Date('2027-03-05T00:00:00Z') }))).toEqual({ events: [], settlement: null, tickets: null });
  });

  it('tells an expired reservation it expired, and a cancelled one is not found', () => {
    const expired = given(opened(true), { type: 'ReservationExpired', data: { reservationId: 'r-1', eventShortName: 'gala', validUntil: '2027-03-01T10:25:00.000Z' } });
    expect(codesOf(() => decideConfirmReservation(expired, confirm()))).toEqual(['paymentForm:error.STEP_2_ORDER_HAS_EXPIRED']);
    const cancelled = given(opened(true), { type: 'ReservationCancelled', data: { reservationId: 'r-1', eventShortName: 'gala' } });
    expect(() => decideConfirmReservation(cancelled, confirm())).toThrow(NotFoundError);
  });
});

describe('a bank transfer', () => {
  const awaiting = () => {
    const result = decideConfirmReservation(validated(true), confirm({ paymentProxy: 'OFFLINE' }));
    return evolveReservation(validated(true), result.events[0]!, now.toISOString());
  };

  it('completes when the organizer confirms the payment, once, and only then issues the tickets', () => {
    const { events, tickets } = decideConfirmOfflinePayment(awaiting(), 'r-1');
    expect(events.map((e) => e.type)).toEqual(['OfflinePaymentConfirmed']);
    expect(tickets).toBe('ACQUIRED');
    const complete = evolveReservation(awaiting(), events[0]!, now.toISOString());
    expect(complete.status).toBe('COMPLETE');
    expect(decideConfirmOfflinePayment(complete, 'r-1')).toEqual({ events: [], tickets: null });
  });

  it('cannot be confirmed while the buyer has not chosen it', () => {
    expect(codesOf(() => decideConfirmOfflinePayment(validated(true), 'r-1'))).toEqual(['paymentForm:error.STEP2_UNABLE_TO_TRANSITION']);
  });

  it('expires unpaid after its deadline, not before', () => {
    expect(decideExpireReservation(awaiting(), 'r-1', new Date('2027-03-06T10:59:59Z'))).toEqual([]);
    expect(decideExpireReservation(awaiting(), 'r-1', new Date('2027-03-06T11:00:00Z')).map((e) => e.type)).toEqual(['ReservationExpired']);
  });
});

describe('a deferred bank transfer', () => {
  // the event's begin: a deferred transfer is due before it
  const begin = '2027-06-25T14:00:00.000Z';
  const deferred = () => confirm({ paymentProxy: 'OFFLINE', deferredTransfer: true, offlineDeadline: begin });
  const accepted = () => evolveReservation(validated(true), decideConfirmReservation(validated(true), deferred()).events[0]!, now.toISOString());

  it('is accepted at once: seats sold, tickets issued, the payment due by the event begin', () => {
    const { events, settlement, tickets } = decideConfirmReservation(validated(true), deferred());
    expect(events.map((e) => [e.data.status, e.data.paymentProxy, e.data.paymentDeadline])).toEqual([['DEFERRED_OFFLINE_PAYMENT', 'OFFLINE', begin]]);
    expect(settlement).toEqual({ kind: 'sell' });
    expect(tickets).toBe('ACQUIRED');
    expect(accepted()).toMatchObject({ status: 'DEFERRED_OFFLINE_PAYMENT', validUntil: begin, payment: { completedAt: null } });
  });

  it('changes nothing for a free order or one paid at the desk', () => {
    expect(decideConfirmReservation(validated(false), confirm({ deferredTransfer: true })).events[0]!.data.status).toBe('COMPLETE');
    const onSite = decideConfirmReservation(validated(true), confirm({ paymentProxy: 'ON_SITE', deferredTransfer: true }));
    expect([onSite.events[0]!.data.status, onSite.tickets]).toEqual(['COMPLETE', 'TO_BE_PAID']);
  });

  it('is refused once the event has begun (no deadline left)', () => {
    expect(codesOf(() => decideConfirmReservation(validated(true), confirm({ paymentProxy: 'OFFLINE', deferredTransfer: true, offlineDeadline: null })))).toEqual([
      'paymentForm:error.STEP_2_MISSING_PAYMENT_METHOD',
    ]);
  });

  it('changes nothing when confirmed again', () => {
    expect(decideConfirmReservation(accepted(), deferred())).toEqual({ events: [], settlement: null, tickets: null });
  });

  it('completes when the organizer confirms the payment, without issuing the tickets again', () => {
    const { events, tickets } = decideConfirmOfflinePayment(accepted(), 'r-1');
    expect(events.map((e) => e.type)).toEqual(['OfflinePaymentConfirmed']);
    expect(tickets).toBeNull();
    const complete = evolveReservation(accepted(), events[0]!, now.toISOString());
    expect(complete).toMatchObject({ status: 'COMPLETE', payment: { completedAt: now.toISOString() } });
    expect(decideConfirmOfflinePayment(complete, 'r-1')).toEqual({ events: [], tickets: null });
  });

  it('never expires, not even past its deadline (its seats are sold)', () => {
    expect(decideExpireReservation(accepted(), 'r-1', new Date('2027-06-30T00:00:00Z'))).toEqual([]);
  });

  it('cannot be cancelled by the buyer', () => {
    expect(() => decideCancelReservation(accepted(), 'r-1')).toThrow(reservationNotPending);
  });
});

describe('issuing tickets', () => {
  it('issues one ticket per reserved ticket with its attendee', () => {
    const tickets = issueTickets(validated(false) as OpenedReservation, 'ACQUIRED');
    expect(tickets.map((t) => [t.data.ticketId, t.data.attendee?.lastName, t.data.status])).toEqual([
      ['t-1', 'Lovelace', 'ACQUIRED'],
      ['t-2', 'Babbage', 'ACQUIRED'],
    ]);
  });

  it('leaves attendees empty while assignment is postponed', () => {
    const postponed = { ...(validated(false) as OpenedReservation), booking: { ...booking, postponeAssignment: true } };
    expect(issueTickets(postponed, 'ACQUIRED').map((t) => t.data.attendee)).toEqual([null, null]);
  });
});

describe('settling a hold', () => {
  const held = () =>
    evolveInventory(initialInventoryState(), {
      type: 'SeatsHeld',
      data: { eventShortName: 'gala', reservationId: 'r-1', tickets: [{ categoryId: 1, quantity: 2 }], services: [], codeUse: null, expiresAt: '2027-03-01T10:25:00.000Z' },
    });

  it('sells a hold once', () => {
    const state = held();
    const events = decideSettle(state, { eventShortName: 'gala', reservationId: 'r-1', settlement: { kind: 'sell' } });
    expect(events.map((e) => e.type)).toEqual(['SeatsSold']);
    evolveInventory(state, events[0]!);
    expect(state.holds.get('r-1')?.expiresAt).toBeNull();
    expect(state.takenByCategory.get(1)).toBe(2);
    expect(decideSettle(state, { eventShortName: 'gala', reservationId: 'r-1', settlement: { kind: 'sell' } })).toEqual([]);
  });

  it('extends a hold to a payment deadline', () => {
    const state = held();
    const events = decideSettle(state, { eventShortName: 'gala', reservationId: 'r-1', settlement: { kind: 'extend', expiresAt: '2027-03-06T11:00:00.000Z' } });
    evolveInventory(state, events[0]!);
    expect(state.holds.get('r-1')?.expiresAt).toBe('2027-03-06T11:00:00.000Z');
  });

  it('refuses a hold that is gone (released meanwhile)', () => {
    expect(() => decideSettle(initialInventoryState(), { eventShortName: 'gala', reservationId: 'r-1', settlement: { kind: 'sell' } })).toThrow(HOLD_LOST);
  });
});
