import { describe, expect, it } from 'vitest';
import { parseMasterKey, unwrapSubjectKey, wrapSubjectKey } from './master-key.js';
import { openWithSubjectKey, sealWithSubjectKey, type SubjectKey } from './subject-key.js';

const key: SubjectKey = { keyId: '0f0e0d0c-0b0a-4908-8706-050403020100', key: Buffer.alloc(32, 1) };

describe('personal data encryption', () => {
  it('opens what it sealed, and only for the same subject and event', () => {
    const sealed = sealWithSubjectKey(key, 'buyer-1', 'event-1', { email: 'ada@example.org' });
    expect(sealed.toString('latin1')).not.toContain('ada@');
    expect(openWithSubjectKey(key, 'buyer-1', 'event-1', sealed)).toEqual({ email: 'ada@example.org' });
    expect(() => openWithSubjectKey(key, 'buyer-1', 'event-2', sealed)).toThrow();
    expect(() => openWithSubjectKey(key, 'buyer-2', 'event-1', sealed)).toThrow();
  });

  it('reads data sealed under an earlier key of the subject as gone, not as an error', () => {
    const sealed = sealWithSubjectKey(key, 'buyer-1', 'event-1', { email: 'ada@example.org' });
    const newer: SubjectKey = { keyId: '1f0e0d0c-0b0a-4908-8706-050403020100', key: Buffer.alloc(32, 2) };
    expect(openWithSubjectKey(newer, 'buyer-1', 'event-1', sealed)).toBeNull();
  });

  it('refuses altered ciphertext', () => {
    const sealed = sealWithSubjectKey(key, 'buyer-1', 'event-1', { email: 'ada@example.org' });
    sealed.writeUInt8(sealed.readUInt8(sealed.length - 1) ^ 1, sealed.length - 1);
    expect(() => openWithSubjectKey(key, 'buyer-1', 'event-1', sealed)).toThrow();
  });

  it('takes a master key as hex or base64, 32 bytes, and wraps keys per subject', () => {
    const hex = 'ab'.repeat(32);
    expect(parseMasterKey(hex)).toEqual(Buffer.alloc(32, 0xab));
    expect(parseMasterKey(Buffer.alloc(32, 0xab).toString('base64'))).toEqual(Buffer.alloc(32, 0xab));
    expect(() => parseMasterKey('too-short')).toThrow(/32 bytes/);
    const wrapped = wrapSubjectKey(parseMasterKey(hex), 'buyer-1', key.key);
    expect(unwrapSubjectKey(parseMasterKey(hex), 'buyer-1', wrapped)).toEqual(key.key);
    expect(() => unwrapSubjectKey(parseMasterKey(hex), 'buyer-2', wrapped)).toThrow();
  });
});
