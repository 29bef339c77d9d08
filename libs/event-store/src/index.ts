export * from './port.js';
export { createEventStore, type CreateEventStoreOptions } from './create-event-store.js';
export { eventStoreMigrations } from './postgres/migrations.js';
export { PostgresEventStore, createPostgresEventStore, type PostgresEventStoreOptions } from './postgres/postgres-event-store.js';
export { KurrentDbEventStore, createKurrentDbEventStore, type KurrentDbEventStoreOptions } from './kurrentdb/kurrentdb-event-store.js';
export { GENESIS_HASH, hashEvent, verifyStreamChain, verifyResult, type HashedContent, type StoredLink, type StreamHead } from './hash-chain.js';
export { canonicalJson } from './canonical-json.js';
export { parseMasterKey } from './personal-data/master-key.js';
export { handleCommand, type CommandRun, type Decision } from './command/handle-command.js';
