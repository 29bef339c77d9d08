import { gcmOpen, gcmSeal } from './aes-gcm.js';

/**
 * An optional key that wraps (encrypts) every subject key at rest, so a copy of the subject_keys table alone
 * reads nothing. It lives outside the database: EVENTSTORE_MASTER_KEY, 32 bytes as base64 or 64 hex digits.
 */
export function parseMasterKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error('EVENTSTORE_MASTER_KEY must be 32 bytes, as base64 or 64 hex digits');
  return key;
}

// The subject id is the associated data: a wrapped key moved to another subject's row does not unwrap.
export function wrapSubjectKey(masterKey: Buffer, subjectId: string, key: Buffer): Buffer {
  return gcmSeal(masterKey, key, `subject-key:${subjectId}`);
}

export function unwrapSubjectKey(masterKey: Buffer, subjectId: string, wrapped: Buffer): Buffer {
  return gcmOpen(masterKey, wrapped, `subject-key:${subjectId}`);
}
