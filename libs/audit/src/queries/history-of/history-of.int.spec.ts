import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore, eventStoreMigrations, type EventStore } from '@ticketing/event-store';
import { migrate } from '@ticketing/postgres';
import { createTestDatabase, type TestDatabase } from '@ticketing/postgres/testing';
import { ERASED, historyOf } from './history-of.query.js';

describe('historyOf', () => {
  let test: TestDatabase;
  let store: EventStore;
  beforeAll(async () => {
    test = await createTestDatabase('history_of');
    await migrate(test.db, eventStoreMigrations);
    store = createEventStore({ db: test.db });
  });
  afterAll(async () => {
    await store.close();
    await test.drop();
  });

  it('returns every event of the stream with who, when, why and the personal data until it is forgotten', async () => {
    const metadata = (n: number) => ({ correlationId: 'corr-1', causationId: `cause-${n}`, occurredAt: `2025-03-01T10:00:0${n}.000Z`, actor: 'session:abc' });
    await store.append('reservation-42', [
      { type: 'ReservationOpened', data: { seats: 2 }, metadata: metadata(1) },
      { type: 'BookingValidated', data: { total: 5000 }, metadata: metadata(2), personal: { subjectId: 'buyer-7', data: { email: 'ann@example.org' } } },
    ]);
    await store.append('reservation-43', [{ type: 'ReservationOpened', data: {}, metadata: metadata(3) }]);

    const history = await historyOf(store, 'reservation-42');
    const stored = await store.readStream('reservation-42');
    expect(history).toEqual([
      expect.objectContaining({ type: 'ReservationOpened', revision: 0, position: stored[0]!.position, occurredAt: '2025-03-01T10:00:01.000Z', actor: 'session:abc', correlationId: 'corr-1', causationId: 'cause-1', data: { seats: 2 }, personal: null }),
      expect.objectContaining({ type: 'BookingValidated', revision: 1, recordedAt: stored[1]!.recordedAt, causationId: 'cause-2', personal: { subjectId: 'buyer-7', data: { email: 'ann@example.org' } } }),
    ]);

    await store.forgetSubject('buyer-7');
    const after = await historyOf(store, 'reservation-42');
    expect(after[1]!.personal).toEqual({ subjectId: 'buyer-7', data: ERASED });
    expect(after[1]!.data).toEqual({ total: 5000 });
    expect(await historyOf(store, 'reservation-404')).toEqual([]);
  });
});
