import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore, eventStoreMigrations, type EventStore, type EventToAppend } from '@ticketing/event-store';
import { migrate } from '@ticketing/postgres';
import { createTestDatabase, type TestDatabase } from '@ticketing/postgres/testing';
import { orderStatusFold } from '@ticketing/application';
import { ProjectionRunner, projectionMigrations } from '@ticketing/projections';
import { orderMentionsProjection } from '../../read-models/order-mentions/order-mentions.projection.js';
import { ERASED } from '../history-of/history-of.query.js';
import { orderStory, subscriptionStory, ticketStory } from './order-story.query.js';

const A = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const USER_OF_PASS = '33333333-3333-4333-8333-333333333333';
const PASS = '44444444-4444-4444-8444-444444444444';
const HELD = '55555555-5555-4555-8555-555555555555';
const heldOpening = { reservationId: HELD, eventShortName: 'gala', validUntil: '2025-03-01T11:00:00.000Z', tickets: [{ ticketId: 'T9', categoryId: 1 }], price: { currency: 'CHF', totals: { priceWithVat: 2000, vat: 0, discount: 0, currency: 'CHF' } }, ownerUserId: null };
const price = (gross: number) => ({ currency: 'CHF', totals: { priceWithVat: gross, vat: 0, discount: -500, discountAppliedCount: 1, currency: 'CHF' } });
let n = 0;
const event = (type: string, data: Record<string, unknown>, personal?: EventToAppend['personal']): EventToAppend => ({
  type,
  data,
  metadata: { correlationId: `corr-${type}`, causationId: `cause-${++n}`, occurredAt: `2025-03-01T10:00:${String(n).padStart(2, '0')}.000Z`, actor: 'session:abc' },
  ...(personal ? { personal } : {}),
});

/**
 * An order for a pass, with hand-written events of the shapes the contexts append: two payment attempts (one
 * declined), the pass and its PIN, an invoice number, a refund, the owner's deletion; and other orders' events
 * on the shared streams (the inventory, the invoice sequence, the pass), which are not the order's.
 */
describe('orderStory', () => {
  let test: TestDatabase;
  let store: EventStore;
  beforeAll(async () => {
    test = await createTestDatabase('order_story');
    await migrate(test.db, [...eventStoreMigrations, ...projectionMigrations]);
    store = createEventStore({ db: test.db });
    const inventory = 'inventory-subscription:D1';
    await store.append(inventory, [event('SeatsHeld', { reservationId: OTHER, eventShortName: 'subscription:D1' })]);
    await store.append(inventory, [event('SeatsHeld', { reservationId: A, eventShortName: 'subscription:D1' })]);
    await store.append(`reservation-${A}`, [
      event('ReservationOpened', {
        reservationId: A,
        eventShortName: 'subscription:D1',
        validUntil: '2025-03-01T11:00:00.000Z',
        tickets: [],
        price: price(10000),
        ownerUserId: 'U1',
        purchaseContext: { type: 'subscription', descriptorId: 'D1', subscriptionId: PASS },
      }),
      event('PaymentStarted', { reservationId: A, attemptId: 'T1', proxy: 'STRIPE', method: 'CREDIT_CARD', validUntil: '2025-03-01T11:30:00.000Z' }),
    ]);
    await store.append('payment-T1', [
      event('PaymentRequested', { attemptId: 'T1', reservationId: A, amount: 10000, currency: 'CHF' }),
      event('PaymentFailed', { attemptId: 'T1', code: 'card_declined', message: 'declined', notificationId: null }),
    ]);
    await store.append(`reservation-${A}`, [
      event('PaymentAttemptEnded', { reservationId: A, attemptId: 'T1', outcome: 'FAILED', code: 'card_declined', message: 'declined', validUntil: '2025-03-01T11:30:00.000Z' }),
      event('PaymentStarted', { reservationId: A, attemptId: 'T2', proxy: 'STRIPE', method: 'CREDIT_CARD', validUntil: '2025-03-01T11:40:00.000Z' }),
    ]);
    await store.append('payment-T2', [
      event('PaymentRequested', { attemptId: 'T2', reservationId: A, amount: 10000, currency: 'CHF' }),
      event('PaymentSucceeded', { attemptId: 'T2', providerReference: 'pi_1', amount: 10000, currency: 'CHF', notificationId: null }),
    ]);
    await store.append(`reservation-${A}`, [event('ReservationConfirmed', { reservationId: A, paymentProxy: 'STRIPE', paymentMethod: 'CREDIT_CARD', status: 'FINALIZING', paymentDeadline: null, paymentAttemptId: 'T2' })]);
    await store.append(`subscription-${PASS}`, [
      event('SubscriptionIssued', { subscriptionId: PASS, reservationId: A, organizerSlug: 'acme', pin: 'ABCD2345', subjectId: `reservation-${A}`, owner: null }, { subjectId: `reservation-${A}`, data: { owner: { email: 'ann@example.org' } } }),
    ]);
    await store.append('subscription-pin-acme-ABCD2345', [event('SubscriptionPinTaken', { organizerSlug: 'acme', pin: 'ABCD2345', subscriptionId: PASS })]);
    await store.append('invoice-sequence-acme', [event('InvoiceNumberAssigned', { organizerSlug: 'acme', sequence: 1, invoiceNumber: '1', reservationId: OTHER })]);
    await store.append('invoice-sequence-acme', [event('InvoiceNumberAssigned', { organizerSlug: 'acme', sequence: 2, invoiceNumber: '2', reservationId: A })]);
    await store.append(`reservation-${A}`, [event('ReservationFinalized', { reservationId: A, organizerSlug: 'acme', sequence: 2, invoiceNumber: '2' })]);
    await store.append('payment-T2', [event('PaymentRefunded', { attemptId: 'T2', amount: 10000, currency: 'CHF', refundReference: 're_1', reason: 'DUPLICATE' })]);
    await store.append(`subscription-${PASS}`, [event('SubscriptionUsed', { subscriptionId: PASS, reservationId: USER_OF_PASS, eventShortName: 'gala', entries: 1 })]);
    await store.append('user-U1', [event('UserSignedIn', { userId: 'U1', session: 'digest', expiresAt: '2025-03-02T00:00:00.000Z' }), event('UserDeleted', { userId: 'U1', reservationIds: [A], erasedSubjects: [`reservation-${A}`] })]);
    await store.forgetSubject(`reservation-${A}`);
    // an order only held so far: its hold opened it (one event per hold), its own stream is not written yet
    await store.append('inventory-gala', [event('SeatsHeld', { reservationId: HELD, eventShortName: 'gala', tickets: [{ categoryId: 1, quantity: 1 }], opening: heldOpening })]);
    const silent = { log: () => undefined, warn: () => undefined, error: () => undefined };
    await new ProjectionRunner({ db: test.db, store, projections: [orderMentionsProjection], wakeUps: 'polling', logger: silent }).catchUp();
  });
  afterAll(async () => {
    await store.close();
    await test.drop();
  });

  it('follows the order into every stream its events name, keeps only its own events of shared streams, in log order', async () => {
    const story = (await orderStory(store, A, orderStatusFold))!;
    expect(story.steps.map((s) => `${s.streamId}:${s.type}:${s.statusAfter}`)).toEqual([
      'inventory-subscription:D1:SeatsHeld:NONE',
      `reservation-${A}:ReservationOpened:PENDING`,
      `reservation-${A}:PaymentStarted:EXTERNAL_PROCESSING_PAYMENT`,
      'payment-T1:PaymentRequested:EXTERNAL_PROCESSING_PAYMENT',
      'payment-T1:PaymentFailed:EXTERNAL_PROCESSING_PAYMENT',
      `reservation-${A}:PaymentAttemptEnded:PENDING`,
      `reservation-${A}:PaymentStarted:EXTERNAL_PROCESSING_PAYMENT`,
      'payment-T2:PaymentRequested:EXTERNAL_PROCESSING_PAYMENT',
      'payment-T2:PaymentSucceeded:EXTERNAL_PROCESSING_PAYMENT',
      `reservation-${A}:ReservationConfirmed:FINALIZING`,
      `subscription-${PASS}:SubscriptionIssued:FINALIZING`,
      'subscription-pin-acme-ABCD2345:SubscriptionPinTaken:FINALIZING',
      'invoice-sequence-acme:InvoiceNumberAssigned:FINALIZING',
      `reservation-${A}:ReservationFinalized:COMPLETE`,
      'payment-T2:PaymentRefunded:COMPLETE',
      'user-U1:UserDeleted:COMPLETE',
    ]);
    expect(story.finalStatus).toBe('COMPLETE');
    const positions = story.steps.map((s) => s.position);
    expect([...positions].sort((a, b) => (a < b ? -1 : 1))).toEqual(positions);
    expect(story.steps.map((s) => s.amounts).filter(Boolean)).toEqual([
      { currency: 'CHF', price: 10000, discount: -500 },
      { currency: 'CHF', requested: 10000 },
      { currency: 'CHF', requested: 10000 },
      { currency: 'CHF', paid: 10000 },
      { currency: 'CHF', refunded: 10000 },
    ]);
    expect(story.steps.find((s) => s.type === 'SubscriptionIssued')!.personal).toEqual({ subjectId: `reservation-${A}`, data: ERASED });
    expect(story.steps[3]).toMatchObject({ actor: 'session:abc', correlationId: 'corr-PaymentRequested', causationId: 'cause-5', occurredAt: '2025-03-01T10:00:05.000Z' });
  });

  it('reaches the same order from its pass, naming the orders that used the pass; null for what the log does not hold', async () => {
    const viaPass = (await subscriptionStory(store, PASS, orderStatusFold))!;
    expect(viaPass).toMatchObject({ subject: { kind: 'subscription', id: PASS }, reservationId: A, usedBy: [USER_OF_PASS] });
    expect(viaPass.steps).toEqual((await orderStory(store, A, orderStatusFold))!.steps);
    expect(await orderStory(store, OTHER, orderStatusFold)).toBeNull();
    expect(await ticketStory(store, 'no-such-ticket', orderStatusFold)).toBeNull();
    expect(await subscriptionStory(store, 'no-such-pass', orderStatusFold)).toBeNull();
  });

  it('tells the same story when the shared streams (inventory, invoice sequence, pass, user) are read through the order-mentions index', async () => {
    const indexed = { db: test.db };
    expect(await orderStory(store, A, orderStatusFold, indexed)).toEqual(await orderStory(store, A, orderStatusFold));
    expect(await subscriptionStory(store, PASS, orderStatusFold, indexed)).toEqual(await subscriptionStory(store, PASS, orderStatusFold));
    const rows = await test.db.query<{ stream_id: string }>('select distinct stream_id from audit_order_mentions where order_id = $1 order by stream_id', [A]);
    expect(rows.rows.map((r) => r.stream_id)).toEqual(['inventory-subscription:D1', 'invoice-sequence-acme', `subscription-${PASS}`, 'user-U1']);
  });

  it('tells the story of an order only held so far from its hold (found by the index), and goes on in its stream once written', async () => {
    const indexed = { db: test.db };
    const held = (await orderStory(store, HELD, orderStatusFold, indexed))!;
    expect(held.steps.map((s) => `${s.streamId}:${s.type}:${s.statusAfter}`)).toEqual(['inventory-gala:SeatsHeld:PENDING']);
    expect(held.steps[0]!.amounts).toEqual({ currency: 'CHF', price: 2000, discount: 0 });
    expect(held.finalStatus).toBe('PENDING');
    // without the index nothing names where its hold is
    expect(await orderStory(store, HELD, orderStatusFold)).toBeNull();

    // the buyer's first change records the opening as the stream's first event
    await store.append(`reservation-${HELD}`, [event('ReservationOpened', heldOpening), event('ReservationCancelled', { reservationId: HELD, eventShortName: 'gala' })]);
    await store.append('inventory-gala', [event('HoldReleased', { reservationId: HELD, eventShortName: 'gala', reason: 'CANCELLED', tickets: [{ categoryId: 1, quantity: 1 }], services: [], codeUse: null })]);
    const written = (await orderStory(store, HELD, orderStatusFold))!;
    expect(written.steps.map((s) => `${s.streamId}:${s.type}:${s.statusAfter}`)).toEqual([
      'inventory-gala:SeatsHeld:PENDING',
      `reservation-${HELD}:ReservationOpened:PENDING`,
      `reservation-${HELD}:ReservationCancelled:CANCELLED`,
      'inventory-gala:HoldReleased:CANCELLED',
    ]);
    expect(await orderStory(store, HELD, orderStatusFold, indexed)).toEqual(written);
  });
});
