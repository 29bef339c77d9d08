import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresEventStore, eventStoreMigrations, type EventStore } from '@ticketing/event-store';
import { migrate } from '@ticketing/postgres';
import { createTestDatabase, type TestDatabase } from '@ticketing/postgres/testing';
import { provenance } from '../shared/event-data.js';
import { ReservationLog } from './reservation-stream.js';

describe('ReservationLog.ownerOf', () => {
  let database: TestDatabase;
  let store: EventStore;
  /** The stream reads the log was asked for, by stream id. */
  const reads: string[] = [];
  let log: ReservationLog;

  const open = (reservationId: string, ownerUserId: string | null) =>
    store.append(
      `reservation-${reservationId}`,
      [{ type: 'ReservationOpened', data: { reservationId, eventShortName: 'owned', ownerUserId }, metadata: provenance(reservationId, 'test', new Date()) }],
      'no_stream',
    );

  beforeAll(async () => {
    database = await createTestDatabase('owner');
    await migrate(database.db, eventStoreMigrations);
    store = createPostgresEventStore(database.db);
    const counted = new Proxy(store, {
      get: (target, name, receiver) =>
        name === 'readStream'
          ? (streamId: string, ...rest: unknown[]) => {
              reads.push(streamId);
              return (target.readStream as (...args: unknown[]) => unknown)(streamId, ...rest);
            }
          : Reflect.get(target, name, receiver),
    });
    log = new ReservationLog(counted, database.db);
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it('reads a reservation owner from the log once: its opening never changes', async () => {
    const owned = crypto.randomUUID();
    const anonymous = crypto.randomUUID();
    const user = crypto.randomUUID();
    await open(owned, user);
    await open(anonymous, null);
    reads.length = 0;

    expect(await log.ownerOf(owned)).toBe(user);
    expect(await log.ownerOf(anonymous)).toBeNull();
    expect(await log.ownerOf(owned)).toBe(user);
    expect(await log.ownerOf(anonymous)).toBeNull();
    expect(reads).toEqual([`reservation-${owned}`, `reservation-${anonymous}`]);
  });

  it('asks the log again for a reservation it did not find: one made since is then found', async () => {
    const later = crypto.randomUUID();
    const user = crypto.randomUUID();
    reads.length = 0;
    expect(await log.ownerOf(later)).toBeNull();
    await open(later, user);
    expect(await log.ownerOf(later)).toBe(user);
    expect(reads).toEqual([`reservation-${later}`, `reservation-${later}`]);
  });
});
