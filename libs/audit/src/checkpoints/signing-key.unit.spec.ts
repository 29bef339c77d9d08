import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSigningKey, parsePublicKey, parseSigningKey } from './signing-key.js';

describe('reading the audit keys', () => {
  const folders: string[] = [];
  const folder = () => {
    const made = mkdtempSync(join(tmpdir(), 'signing-key-'));
    folders.push(made);
    return made;
  };
  afterEach(() => folders.splice(0).forEach((f) => rmSync(f, { recursive: true, force: true })));

  it('says what a key must be, not what OpenSSL met, for text that is no key', () => {
    expect(() => parseSigningKey('nonsense')).toThrow(/^not an Ed25519 private key \(PEM, or base64 of its DER PKCS#8 form\)$/);
    expect(() => parseSigningKey('AAAA')).toThrow(/^not an Ed25519 private key/);
    expect(() => parsePublicKey('/tmp/does-not-exist.pem')).toThrow(/^not an Ed25519 public key \(PEM, or base64 of its DER SubjectPublicKeyInfo\)$/);
    expect(() => parsePublicKey('-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----')).toThrow(/^not an Ed25519 public key/);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(() => parsePublicKey(rsa)).toThrow('not an Ed25519 public key: a rsa key');
  });

  it('names where a refused key came from', async () => {
    await expect(loadSigningKey({ configured: 'nonsense', devKeyFile: join(folder(), 'k.pem'), mayGenerate: true })).rejects.toThrow(/^AUDIT_SIGNING_KEY: not an Ed25519 private key/);
    const file = join(folder(), 'k.pem');
    writeFileSync(file, 'garbage');
    await expect(loadSigningKey({ configured: null, devKeyFile: file, mayGenerate: true }, { create: false })).rejects.toThrow(`${file}: not an Ed25519 private key`);
  });

  it('makes a development key only when asked to create one', async () => {
    const file = join(folder(), 'nested', 'k.pem');
    expect(await loadSigningKey({ configured: null, devKeyFile: file, mayGenerate: true }, { create: false })).toBeNull();
    expect(existsSync(join(file, '..'))).toBe(false);
    const made = await loadSigningKey({ configured: null, devKeyFile: file, mayGenerate: true });
    expect(made?.keyId).toMatch(/^[0-9a-f]{16}$/);
    expect((await loadSigningKey({ configured: null, devKeyFile: file, mayGenerate: true }, { create: false }))?.keyId).toBe(made?.keyId);
  });
});
