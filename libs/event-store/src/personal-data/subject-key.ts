import { gcmOpen, gcmSeal } from './aes-gcm.js';

/** One subject's data key. `keyId` tells keys of the same subject apart (a new one is made after erasure). */
export interface SubjectKey {
  readonly keyId: string;
  readonly key: Buffer;
}

const FORMAT_VERSION = 1;
const KEY_ID_BYTES = 16;

function keyIdBytes(keyId: string): Buffer {
  return Buffer.from(keyId.replace(/-/g, ''), 'hex');
}

/**
 * Encrypts personal data as: format version | key id | AES-GCM(iv | tag | ciphertext). The key id travels
 * with the ciphertext so a reader can tell "sealed under a key that was destroyed" from "key present".
 */
export function sealWithSubjectKey(key: SubjectKey, subjectId: string, eventId: string, data: Record<string, unknown>): Buffer {
  const sealed = gcmSeal(key.key, Buffer.from(JSON.stringify(data), 'utf8'), `${subjectId}/${eventId}`);
  return Buffer.concat([Buffer.from([FORMAT_VERSION]), keyIdBytes(key.keyId), sealed]);
}

/** The data, or null when it was sealed under another key of the subject (the one erased before). */
export function openWithSubjectKey(key: SubjectKey, subjectId: string, eventId: string, sealed: Buffer): Record<string, unknown> | null {
  if (sealed[0] !== FORMAT_VERSION) throw new Error(`personal data of event ${eventId}: unknown format ${sealed[0]}`);
  if (!sealed.subarray(1, 1 + KEY_ID_BYTES).equals(keyIdBytes(key.keyId))) return null;
  const plaintext = gcmOpen(key.key, sealed.subarray(1 + KEY_ID_BYTES), `${subjectId}/${eventId}`);
  return JSON.parse(plaintext.toString('utf8')) as Record<string, unknown>;
}
