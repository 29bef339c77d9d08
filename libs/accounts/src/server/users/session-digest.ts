// one digest for the log's actors and the accounts read model's session rows
export { sessionDigest } from '@ticketing/wire';
