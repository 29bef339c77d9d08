import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventToAppend } from '@ticketing/event-store';
// Tests only: the projection harness (fresh database, real event store, a polling runner).
import { projectionHarness, type ProjectionHarness } from '@ticketing/testing/app';
import { myOrdersProjection } from './my-orders.projection.js';

const ADA = '3f1c1c1e-7d55-5a7e-9c61-0d1f3e0b2a01';
const R1 = '8a000000-0000-4000-8000-000000000001';
const R2 = '8a000000-0000-4000-8000-000000000002';
const R3 = '8a000000-0000-4000-8000-000000000003';
const T1 = '8b000000-0000-4000-8000-000000000001';
const PASS = '8c000000-0000-4000-8000-000000000001';
const DESCRIPTOR = '8d000000-0000-4000-8000-000000000001';

const meta = (n: number) => ({ correlationId: `c-${n}`, causationId: `c-${n}`, occurredAt: `2027-03-01T10:${String(n).padStart(2, '0')}:00.000Z`, actor: 'system:test' });
const price = (minor: number) => ({ currency: 'CHF', totals: { priceWithVat: minor }, vatSubtotals: [{ vatRule: { mode: 'INCLUDED', percentage: 7.7 } }] });
const opened = (reservationId: string, owner: string | null, n: number, extra: object = {}): EventToAppend => ({
  type: 'ReservationOpened',
  data: { reservationId, eventShortName: 'meetup', language: 'en', validUntil: '2027-03-01T11:00:00.000Z', promoCode: null, tickets: [{ ticketId: T1, categoryId: 1, metadata: {} }], additionalServices: [], price: price(2000), ownerUserId: owner, ...extra },
  metadata: meta(n),
});
const booked = (reservationId: string, n: number, attendees: object, owner?: object): EventToAppend => ({
  type: 'BookingDetailsRecorded',
  data: { reservationId, subjectId: `reservation-${reservationId}` },
  metadata: meta(n),
  personal: { subjectId: `reservation-${reservationId}`, data: { booking: { contact: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' }, attendees, items: [], ...(owner ? { subscriptionOwner: owner } : {}) } } },
});

describe('accounts-orders projection (my orders)', () => {
  let h: ProjectionHarness;
  beforeEach(async () => {
    h = await projectionHarness('accounts_orders', [myOrdersProjection]);
  });
  afterEach(() => h.close());

  const history = async () => {
    await h.given(`reservation-${R1}`, [
      opened(R1, ADA, 1),
      booked(R1, 2, { [T1]: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.org', userLanguage: null, answers: {} } }),
      { type: 'ReservationConfirmed', data: { reservationId: R1, eventShortName: 'meetup', paymentProxy: 'OFFLINE', paymentMethod: 'BANK_TRANSFER', status: 'OFFLINE_PAYMENT', paymentDeadline: '2027-03-04T10:00:00.000Z', privacyPolicyAccepted: true }, metadata: meta(3) },
    ]);
    await h.given(`ticket-${T1}`, [{ type: 'TicketIssued', data: { ticketId: T1, reservationId: R1, eventShortName: 'meetup', categoryId: 1, status: 'ACQUIRED', subjectId: `reservation-${R1}` }, metadata: meta(4) }]);
    await h.given(`reservation-${R1}`, [{ type: 'OfflinePaymentConfirmed', data: { reservationId: R1, eventShortName: 'meetup', status: 'FINALIZING' }, metadata: meta(5) }]);
    await h.given(`reservation-${R1}`, [{ type: 'ReservationFinalized', data: { reservationId: R1, eventShortName: 'meetup', organizerSlug: 'acme', sequence: 1, invoiceNumber: 'INV-1' }, metadata: meta(6) }]);
    await h.given(`reservation-${R2}`, [opened(R2, null, 7), booked(R2, 8, {})]);
    await h.given(`reservation-${R3}`, [
      opened(R3, ADA, 9, { tickets: [], purchaseContext: { type: 'subscription', descriptorId: DESCRIPTOR, subscriptionId: PASS } }),
      booked(R3, 10, {}, { firstName: 'Charles', lastName: 'Babbage', email: 'charles@example.org' }),
      { type: 'ReservationExpired', data: { reservationId: R3, eventShortName: `subscription:${DESCRIPTOR}`, validUntil: '2027-03-01T11:00:00.000Z' }, metadata: meta(11) },
    ]);
  };
  const rows = () =>
    h.rows(
      'select reservation_id, owner_user_id, context_type, public_identifier, status, confirmed_at, valid_until, final_price, vat_mode, invoice_number, items, names, subjects from accounts_orders order by created_at',
    );

  it('keeps the orders of signed-in buyers only, with their status, dates, total, items, names and personal-data subjects', async () => {
    await history();
    expect(await rows()).toEqual([
      {
        reservation_id: R1,
        owner_user_id: ADA,
        context_type: 'event',
        public_identifier: 'meetup',
        status: 'COMPLETE',
        confirmed_at: new Date('2027-03-01T10:03:00.000Z'),
        valid_until: new Date('2027-03-04T10:00:00.000Z'),
        final_price: '2000',
        vat_mode: 'INCLUDED',
        invoice_number: 'INV-1',
        items: [{ id: T1, categoryId: 1 }],
        names: { contact: { firstName: 'Ada', lastName: 'Lovelace' }, attendees: { [T1]: { firstName: 'Grace', lastName: 'Hopper' } }, subscriptionOwner: { firstName: 'Ada', lastName: 'Lovelace' } },
        subjects: [`reservation-${R1}`],
      },
      {
        reservation_id: R3,
        owner_user_id: ADA,
        context_type: 'subscription',
        public_identifier: DESCRIPTOR,
        status: 'EXPIRED',
        confirmed_at: null,
        valid_until: new Date('2027-03-01T11:00:00.000Z'),
        final_price: '2000',
        vat_mode: 'INCLUDED',
        invoice_number: null,
        items: [{ id: PASS, categoryId: null }],
        names: { contact: { firstName: 'Ada', lastName: 'Lovelace' }, attendees: {}, subscriptionOwner: { firstName: 'Charles', lastName: 'Babbage' } },
        subjects: [`reservation-${R3}`],
      },
    ]);
  });

  it('drops the names at the owner\'s UserDeleted, and a rebuild from the erased log agrees', async () => {
    await history();
    for (const id of [R1, R3]) await h.store.forgetSubject(`reservation-${id}`);
    await h.given(`user-${ADA}`, [{ type: 'UserDeleted', data: { userId: ADA, reservationIds: [R1, R3], erasedSubjects: [ADA, `reservation-${R1}`, `reservation-${R3}`] }, metadata: meta(12) }]);
    expect((await rows()).map((r) => r.names)).toEqual([null, null]);
    await h.runner.rebuild(myOrdersProjection.name);
    expect((await rows()).map((r) => r.names)).toEqual([null, null]);
    expect(await h.runner.verify(myOrdersProjection.name)).toMatchObject({ ok: true });
  });

  it('changes nothing when the events are delivered again', async () => {
    await history();
    const before = await rows();
    await h.replayAllAgain(myOrdersProjection);
    expect(await rows()).toEqual(before);
  });

  it('rebuilds to the rows it has live', async () => {
    await history();
    await h.runner.rebuild(myOrdersProjection.name);
    expect(await h.runner.verify(myOrdersProjection.name)).toMatchObject({ ok: true });
  });
});
