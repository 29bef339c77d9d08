import type { Db } from '@ticketing/postgres';
import { KurrentDbEventStore } from './kurrentdb/kurrentdb-event-store.js';
import { parseMasterKey } from './personal-data/master-key.js';
import type { EventStore } from './port.js';
import { PostgresEventStore } from './postgres/postgres-event-store.js';

export interface CreateEventStoreOptions {
  /** PostgreSQL pool: the whole log by default; the subject keys in any case. Migrated with eventStoreMigrations. */
  readonly db: Db;
  /** A KurrentDB/EventStoreDB connection string (EVENTSTORE_URL) selects that adapter. */
  readonly eventStoreUrl?: string;
  /**
   * Wraps the subject keys at rest: 32 bytes as base64 or hex. Defaults to EVENTSTORE_MASTER_KEY; without either,
   * subject keys are stored unwrapped (see README).
   */
  readonly masterKey?: string;
}

/** The event store of the product: KurrentDB when a URL is given, PostgreSQL otherwise. */
export function createEventStore(options: CreateEventStoreOptions): EventStore {
  const masterKeyText = options.masterKey ?? process.env['EVENTSTORE_MASTER_KEY'];
  const masterKey = masterKeyText ? parseMasterKey(masterKeyText) : undefined;
  if (options.eventStoreUrl) {
    return new KurrentDbEventStore({ connectionString: options.eventStoreUrl, db: options.db, masterKey });
  }
  return new PostgresEventStore(options.db, { masterKey });
}
