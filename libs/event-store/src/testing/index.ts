export { describeEventStoreContract } from './contract.js';
export { anEvent, aStreamId, eventually, someMetadata, type EventStoreUnderTest } from './fixtures.js';
