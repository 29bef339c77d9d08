export { describeEventStoreContract } from './contract.js';
export { anEvent, aStreamId, eventually, someMetadata, type EventStoreUnderTest } from './fixtures.js';
export { findKurrentDb, type KurrentDbAvailability, type KurrentDbServer } from '../kurrentdb/kurrentdb-server.js';
