import { migrate } from '@ticketing/postgres';
import { createTestDatabase } from '@ticketing/postgres/testing';
import { describeEventStoreContract } from '../testing/contract.js';
import { eventStoreMigrations } from './migrations.js';
import { PostgresEventStore } from './postgres-event-store.js';

describeEventStoreContract('PostgresEventStore', async () => {
  const database = await createTestDatabase('event_store_contract');
  await migrate(database.db, eventStoreMigrations);
  const store = new PostgresEventStore(database.db);
  return {
    store,
    async close() {
      await store.close();
      await database.drop();
    },
  };
});
