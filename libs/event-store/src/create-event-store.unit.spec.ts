import { afterAll, describe, expect, it } from 'vitest';
import { createPool } from '@ticketing/postgres';
import { createEventStore } from './create-event-store.js';
import { KurrentDbEventStore } from './kurrentdb/kurrentdb-event-store.js';
import { PostgresEventStore } from './postgres/postgres-event-store.js';

describe('createEventStore', () => {
  // Nothing connects until the store is used.
  const db = createPool('postgres://nobody@127.0.0.1:9/nothing');
  afterAll(() => db.end());

  it('uses PostgreSQL without a URL', async () => {
    const store = createEventStore({ db });
    expect(store).toBeInstanceOf(PostgresEventStore);
    await store.close();
  });

  it('uses KurrentDB when given a connection string', async () => {
    const store = createEventStore({ db, eventStoreUrl: 'kurrentdb://127.0.0.1:2113?tls=false' });
    expect(store).toBeInstanceOf(KurrentDbEventStore);
    await store.close();
  });

  it('rejects a master key that is not 32 bytes', () => {
    expect(() => createEventStore({ db, masterKey: 'abc' })).toThrow(/32 bytes/);
  });
});
