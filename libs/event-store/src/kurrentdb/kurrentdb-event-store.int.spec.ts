import { describe, it } from 'vitest';
import { migrate } from '@ticketing/postgres';
import { createTestDatabase } from '@ticketing/postgres/testing';
import { describeEventStoreContract } from '../testing/contract.js';
import { eventStoreMigrations } from '../postgres/migrations.js';
import { KurrentDbEventStore } from './kurrentdb-event-store.js';
import { findKurrentDb } from './kurrentdb-server.js';

const kurrent = await findKurrentDb();

if (kurrent.available) {
  console.log(`KurrentDbEventStore contract: running against ${kurrent.via}`);
  describeEventStoreContract('KurrentDbEventStore', async () => {
    const server = await kurrent.start();
    // The subject keys live in PostgreSQL whichever store holds the events.
    const database = await createTestDatabase('event_store_kurrent');
    await migrate(database.db, eventStoreMigrations);
    const store = new KurrentDbEventStore({ connectionString: server.url, db: database.db });
    return {
      store,
      async close() {
        await store.close();
        await database.drop();
        await server.stop();
      },
    };
  });
} else {
  console.log(`SKIPPED KurrentDbEventStore contract: ${kurrent.reason}. Set EVENTSTORE_URL (e.g. kurrentdb://127.0.0.1:2113?tls=false) to run it.`);
  describe.skip('KurrentDbEventStore: EventStore contract', () => {
    it.skip(`needs KurrentDB: ${kurrent.reason}`, () => undefined);
  });
}
