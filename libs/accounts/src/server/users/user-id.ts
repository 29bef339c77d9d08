import { createHash } from 'node:crypto';

/**
 * A person's user id, derived from who vouches for them (issuer) and their id there (subject), as a name-based
 * (version 5 layout, SHA-256) UUID: every process finds the same `user-{id}` stream without a lookup table, and two
 * first sign-ins at once meet on one stream (the second append fails its expected revision and decides again).
 */
export function userIdOf(issuer: string, subject: string): string {
  const bytes = createHash('sha256').update(`${issuer}\n${subject}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
