import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventToAppend } from '@ticketing/event-store';
import { projectionHarness, type ProjectionHarness } from '@ticketing/testing/app';
import { holdsProjection } from './holds/holds.projection.js';
import { reservationsProjection } from './reservations/reservations.projection.js';

const metadata = { correlationId: 'c', causationId: 'c', occurredAt: '2027-01-01T10:00:00.000Z', actor: 'test' };
const ids = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333'];
/** A bank-transfer order: held, extended to its payment deadline, then sold, with its booking steps between. */
const paid = '44444444-4444-4444-8444-444444444444';
const deadline = '2027-01-06T11:00:00.000Z';
/** A deferred bank transfer: accepted at once (its seats sold with the confirmation), due by the event's begin. */
const deferred = '55555555-5555-4555-8555-555555555555';
const eventBegin = '2027-02-01T18:00:00.000Z';
/** A card payment declined, then a second attempt the provider still confirms. */
const confirming = '66666666-6666-4666-8666-666666666666';
/** Paid by card: completed by the provider's success. */
const card = '77777777-7777-4777-8777-777777777777';
/** Paid by card with an invoice: FINALIZING, then COMPLETE with its invoice number. */
const invoiced = '88888888-8888-4888-8888-888888888888';
/** A bank transfer with an invoice, confirmed: FINALIZING, its number not taken yet (the sweeper's finalization reads it). */
const finalizing = '99999999-9999-4999-8999-999999999999';
const paymentWindow = '2027-01-01T10:40:00.000Z';
const retryUntil = '2027-01-01T10:35:00.000Z';
const at = (event: { type: string; data: object }): EventToAppend => ({ type: event.type, data: event.data as Record<string, unknown>, metadata });

describe('sales read models (batched apply)', () => {
  let h: ProjectionHarness;

  beforeAll(async () => {
    h = await projectionHarness('sales_rm', [reservationsProjection, holdsProjection]);
    // batches of 3 cut these runs in different places: holds and releases of one reservation may meet in one batch
    await h.given(
      'inventory-gala',
      ids.map((reservationId, i) =>
        at({ type: 'SeatsHeld', data: { eventShortName: 'gala', reservationId, tickets: [{ categoryId: 1, quantity: i + 1 }], services: [], codeUse: i === 0 ? { code: 'SAVE', uses: 1 } : null, expiresAt: '2027-01-01T10:25:00.000Z' } }),
      ),
    );
    for (const reservationId of ids) {
      await h.given(`reservation-${reservationId}`, [
        at({ type: 'ReservationOpened', data: { reservationId, eventShortName: 'gala', validUntil: '2027-01-01T10:25:00.000Z', tickets: [] } }),
      ]);
    }
    await h.given('inventory-gala', [
      at({ type: 'HoldReleased', data: { eventShortName: 'gala', reservationId: ids[1], reason: 'CANCELLED', tickets: [{ categoryId: 1, quantity: 2 }], services: [], codeUse: null } }),
      at({ type: 'HoldReleased', data: { eventShortName: 'gala', reservationId: ids[2], reason: 'EXPIRED', tickets: [{ categoryId: 1, quantity: 3 }], services: [], codeUse: null } }),
    ]);
    await h.given(`reservation-${ids[1]}`, [at({ type: 'ReservationCancelled', data: { reservationId: ids[1], eventShortName: 'gala' } })]);
    await h.given(`reservation-${ids[2]}`, [at({ type: 'ReservationExpired', data: { reservationId: ids[2], eventShortName: 'gala', validUntil: '2027-01-01T10:25:00.000Z' } })]);
    // one inventory batch holds, extends and sells the same reservation's seats
    await h.given('inventory-gala', [
      at({ type: 'SeatsHeld', data: { eventShortName: 'gala', reservationId: paid, tickets: [{ categoryId: 1, quantity: 2 }], services: [], codeUse: null, expiresAt: '2027-01-01T10:25:00.000Z' } }),
      at({ type: 'HoldExtended', data: { eventShortName: 'gala', reservationId: paid, expiresAt: deadline } }),
      at({ type: 'SeatsSold', data: { eventShortName: 'gala', reservationId: paid } }),
    ]);
    await h.given(`reservation-${paid}`, [
      at({ type: 'ReservationOpened', data: { reservationId: paid, eventShortName: 'gala', validUntil: '2027-01-01T10:25:00.000Z', tickets: [] } }),
      at({ type: 'BookingDetailsRecorded', data: { reservationId: paid, subjectId: `reservation-${paid}` } }),
      at({ type: 'BookingValidated', data: { reservationId: paid } }),
      at({ type: 'ReservationConfirmed', data: { reservationId: paid, eventShortName: 'gala', paymentProxy: 'OFFLINE', paymentMethod: 'BANK_TRANSFER', status: 'OFFLINE_PAYMENT', paymentDeadline: deadline, privacyPolicyAccepted: true } }),
      at({ type: 'OfflinePaymentConfirmed', data: { reservationId: paid, eventShortName: 'gala' } }),
    ]);
    await h.given(`reservation-${deferred}`, [
      at({ type: 'ReservationOpened', data: { reservationId: deferred, eventShortName: 'gala', validUntil: '2027-01-01T10:25:00.000Z', tickets: [] } }),
      at({ type: 'BookingValidated', data: { reservationId: deferred } }),
      at({ type: 'ReservationConfirmed', data: { reservationId: deferred, eventShortName: 'gala', paymentProxy: 'OFFLINE', paymentMethod: 'BANK_TRANSFER', status: 'DEFERRED_OFFLINE_PAYMENT', paymentDeadline: eventBegin, privacyPolicyAccepted: true } }),
    ]);
    const opened = (reservationId: string) =>
      at({ type: 'ReservationOpened', data: { reservationId, eventShortName: 'gala', validUntil: '2027-01-01T10:25:00.000Z', tickets: [] } });
    const started = (reservationId: string, attemptId: string) =>
      at({ type: 'PaymentStarted', data: { reservationId, eventShortName: 'gala', attemptId, proxy: 'STRIPE', method: 'CREDIT_CARD', validUntil: paymentWindow } });
    await h.given(`reservation-${confirming}`, [
      opened(confirming),
      at({ type: 'BookingValidated', data: { reservationId: confirming } }),
      started(confirming, 'a1'),
      at({ type: 'PaymentAttemptEnded', data: { reservationId: confirming, eventShortName: 'gala', attemptId: 'a1', outcome: 'FAILED', code: 'card_declined', message: 'Your card was declined.', validUntil: retryUntil } }),
      started(confirming, 'a2'),
      at({ type: 'PaymentAwaitingConfirmation', data: { reservationId: confirming, attemptId: 'a2' } }),
    ]);
    await h.given(`reservation-${card}`, [
      opened(card),
      at({ type: 'BookingValidated', data: { reservationId: card } }),
      started(card, 'a3'),
      at({ type: 'ReservationConfirmed', data: { reservationId: card, eventShortName: 'gala', paymentProxy: 'STRIPE', paymentMethod: 'CREDIT_CARD', status: 'COMPLETE', paymentDeadline: null, privacyPolicyAccepted: true, paymentAttemptId: 'a3' } }),
    ]);
    const invoice = { eventShortName: 'gala', paymentDeadline: null, privacyPolicyAccepted: true, invoiceDue: true };
    await h.given(`reservation-${invoiced}`, [
      opened(invoiced),
      at({ type: 'BookingValidated', data: { reservationId: invoiced } }),
      started(invoiced, 'a4'),
      at({ type: 'ReservationConfirmed', data: { reservationId: invoiced, paymentProxy: 'STRIPE', paymentMethod: 'CREDIT_CARD', status: 'FINALIZING', paymentAttemptId: 'a4', ...invoice } }),
      at({ type: 'ReservationFinalized', data: { reservationId: invoiced, eventShortName: 'gala', organizerSlug: 'acme', sequence: 1, invoiceNumber: 'INV-1' } }),
    ]);
    await h.given(`reservation-${finalizing}`, [
      opened(finalizing),
      at({ type: 'BookingValidated', data: { reservationId: finalizing } }),
      at({ type: 'ReservationConfirmed', data: { reservationId: finalizing, paymentProxy: 'OFFLINE', paymentMethod: 'BANK_TRANSFER', status: 'OFFLINE_PAYMENT', ...invoice, paymentDeadline: deadline } }),
      at({ type: 'OfflinePaymentConfirmed', data: { reservationId: finalizing, eventShortName: 'gala', status: 'FINALIZING' } }),
    ]);
  });
  afterAll(() => h.close());

  const holds = () => h.rows('select reservation_id, status, expires_at, tickets, code, code_uses, revision from sales_holds order by reservation_id');
  const reservations = () => h.rows('select reservation_id, status, revision, valid_until from sales_reservations order by reservation_id');

  it('keeps each hold and reservation with its status', async () => {
    expect(await holds()).toEqual([
      { reservation_id: ids[0], status: 'HELD', expires_at: new Date('2027-01-01T10:25:00.000Z'), tickets: [{ categoryId: 1, quantity: 1 }], code: 'SAVE', code_uses: 1, revision: 0 },
      { reservation_id: ids[1], status: 'RELEASED', expires_at: new Date('2027-01-01T10:25:00.000Z'), tickets: [{ categoryId: 1, quantity: 2 }], code: null, code_uses: 0, revision: 3 },
      { reservation_id: ids[2], status: 'RELEASED', expires_at: new Date('2027-01-01T10:25:00.000Z'), tickets: [{ categoryId: 1, quantity: 3 }], code: null, code_uses: 0, revision: 4 },
      { reservation_id: paid, status: 'SOLD', expires_at: null, tickets: [{ categoryId: 1, quantity: 2 }], code: null, code_uses: 0, revision: 7 },
    ]);
    expect((await reservations()).map((r) => [r['reservation_id'], r['status'], r['revision']])).toEqual([
      [ids[0], 'PENDING', 0],
      [ids[1], 'CANCELLED', 1],
      [ids[2], 'EXPIRED', 1],
      [paid, 'COMPLETE', 4],
      [deferred, 'DEFERRED_OFFLINE_PAYMENT', 2],
      [confirming, 'WAITING_EXTERNAL_CONFIRMATION', 5],
      [card, 'COMPLETE', 3],
      [invoiced, 'COMPLETE', 4],
      [finalizing, 'FINALIZING', 3],
    ]);
    // a payment in flight holds the order until its window ends (the sweeper's reconciliation reads it)
    expect((await reservations()).slice(-6, -2).map((r) => r['valid_until'])).toEqual([new Date(deadline), new Date(eventBegin), new Date(paymentWindow), new Date(paymentWindow)]);
  });

  it('gives the same rows when every event is applied one by one again, newest first (a duplicate delivery)', async () => {
    const [beforeHolds, beforeReservations] = [await holds(), await reservations()];
    await h.replayAllAgain(holdsProjection);
    await h.replayAllAgain(reservationsProjection);
    expect(await holds()).toEqual(beforeHolds);
    expect(await reservations()).toEqual(beforeReservations);
  });
});
