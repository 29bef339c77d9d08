import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore, eventStoreMigrations, type EventStore } from '@ticketing/event-store';
import { migrate } from '@ticketing/postgres';
import { createTestDatabase, type TestDatabase } from '@ticketing/postgres/testing';
import { projectionMigrations, type ProjectionLogger } from '@ticketing/projections';
import { allProjections } from '@ticketing/application/projections';
import { runCli } from '../run-cli.js';

const silent: ProjectionLogger = { log: () => undefined, warn: () => undefined, error: () => undefined };
const metadata = { correlationId: 'c', causationId: 'c', occurredAt: '2027-03-01T10:00:00.000Z', actor: 'session:abc' };
const id = '5f0c4c3e-9d1b-4c47-9a57-1f0e7d1b2c3d';
const pendingId = '6a1d5d4f-0e2c-4d58-8b68-2a1f8e2c3d4e';

const opened = (reservationId: string) => ({
  type: 'ReservationOpened',
  data: {
    reservationId,
    eventShortName: 'gala',
    language: 'en',
    validUntil: '2027-03-01T10:25:00.000Z',
    promoCode: null,
    tickets: [{ ticketId: `t-${reservationId}`, categoryId: 1, metadata: {} }],
    additionalServices: [],
    price: { requiresPayment: true },
    ownerUserId: null,
  },
  metadata,
});
const held = (reservationId: string) => ({
  type: 'SeatsHeld',
  data: { eventShortName: 'gala', reservationId, tickets: [{ categoryId: 1, quantity: 1 }], services: [], codeUse: null, expiresAt: '2027-03-06T11:00:00.000Z' },
  metadata,
});

describe('tools reservations confirm-payment', () => {
  let test: TestDatabase;
  let store: EventStore;
  beforeAll(async () => {
    test = await createTestDatabase('cli-reservations');
    await migrate(test.db, [...eventStoreMigrations, ...projectionMigrations]);
    store = createEventStore({ db: test.db });
    await store.append('inventory-gala', [held(id), held(pendingId)]);
    await store.append(`reservation-${pendingId}`, [opened(pendingId)]);
    await store.append(`reservation-${id}`, [
      opened(id),
      { type: 'BookingValidated', data: { reservationId: id }, metadata },
      {
        type: 'ReservationConfirmed',
        data: {
          reservationId: id,
          eventShortName: 'gala',
          paymentProxy: 'OFFLINE',
          paymentMethod: 'BANK_TRANSFER',
          status: 'OFFLINE_PAYMENT',
          paymentDeadline: '2027-03-06T11:00:00.000Z',
          privacyPolicyAccepted: true,
        },
        metadata,
      },
    ]);
  });
  afterAll(async () => {
    await store.close();
    await test.drop();
  });

  async function cli(...argv: string[]): Promise<{ code: number; text: string; errors: string }> {
    let text = '';
    let errors = '';
    const code = await runCli(argv, { db: test.db, store, projections: allProjections, out: { write: (t) => (text += t) }, err: { write: (t) => (errors += t) }, logger: silent });
    return { code, text, errors };
  }

  it('completes an order awaiting its transfer: sold seats and issued tickets in one step, once', async () => {
    expect(await cli('reservations', 'confirm-payment', id)).toMatchObject({ code: 0, text: expect.stringContaining('payment confirmed') });
    expect((await store.readStream(`reservation-${id}`)).at(-1)).toMatchObject({ type: 'OfflinePaymentConfirmed', metadata: { actor: 'operator:cli' } });
    expect((await store.readStream('inventory-gala')).at(-1)).toMatchObject({ type: 'SeatsSold', data: { reservationId: id } });
    expect(await store.readStream(`ticket-t-${id}`)).toEqual([expect.objectContaining({ type: 'TicketIssued', data: expect.objectContaining({ status: 'ACQUIRED' }) })]);
    expect(await cli('reservations', 'confirm-payment', id)).toMatchObject({ code: 0, text: expect.stringContaining('already complete') });
    expect(await store.readStream(`reservation-${id}`)).toHaveLength(4);
  });

  it('refuses an order that awaits no transfer, an unknown one and a malformed id', async () => {
    expect(await cli('reservations', 'confirm-payment', pendingId)).toMatchObject({ code: 1, text: '', errors: expect.stringContaining('error.STEP2_UNABLE_TO_TRANSITION') });
    expect(await cli('reservations', 'confirm-payment', '00000000-0000-4000-8000-000000000000')).toMatchObject({ code: 1, text: '', errors: expect.stringContaining('not found') });
    expect(await cli('reservations', 'confirm-payment', 'nope')).toMatchObject({ code: 2 });
  });
});
