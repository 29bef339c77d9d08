import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** The key that signs checkpoints, and what a verifier is given to check them. */
export interface CheckpointSigner {
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  /** Base64 of the public key's DER SubjectPublicKeyInfo: what checkpoints and exports carry. */
  readonly publicKeyBase64: string;
  /** First 16 hex digits of sha256(DER SubjectPublicKeyInfo): names the key in each checkpoint. */
  readonly keyId: string;
}

/** An Ed25519 private key as PEM (`-----BEGIN PRIVATE KEY-----`) or as base64 of its DER PKCS#8 form. */
export function parseSigningKey(text: string): CheckpointSigner {
  const privateKey = keyOf(
    text,
    (pem) => createPrivateKey(pem),
    (der) => createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }),
    'not an Ed25519 private key (PEM, or base64 of its DER PKCS#8 form)',
  );
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error(`the audit signing key must be Ed25519, not ${privateKey.asymmetricKeyType ?? 'unknown'}`);
  return signerOf(privateKey);
}

function signerOf(privateKey: KeyObject): CheckpointSigner {
  const publicKey = createPublicKey(privateKey);
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return { privateKey, publicKey, publicKeyBase64: der.toString('base64'), keyId: keyIdOf(der) };
}

export function keyIdOf(spkiDer: Buffer): string {
  return createHash('sha256').update(spkiDer).digest('hex').slice(0, 16);
}

/** An Ed25519 public key as checkpoints carry it (base64 of its DER SubjectPublicKeyInfo), or as PEM. */
export function parsePublicKey(text: string): KeyObject {
  const publicKey = keyOf(
    text,
    (pem) => createPublicKey(pem),
    (der) => createPublicKey({ key: der, format: 'der', type: 'spki' }),
    'not an Ed25519 public key (PEM, or base64 of its DER SubjectPublicKeyInfo)',
  );
  if (publicKey.asymmetricKeyType !== 'ed25519') throw new Error(`not an Ed25519 public key: a ${publicKey.asymmetricKeyType ?? 'unknown'} key`);
  return publicKey;
}

const BASE64 = /^[A-Za-z0-9+/\s]+={0,2}$/;

/** PEM, else base64 DER; anything else (a path, a typo) is `notAKey`, not OpenSSL's `asn1 encoding routines` riddle. */
function keyOf(text: string, fromPem: (pem: string) => KeyObject, fromDer: (der: Buffer) => KeyObject, notAKey: string): KeyObject {
  const trimmed = text.trim();
  try {
    if (trimmed.startsWith('-----BEGIN')) return fromPem(trimmed);
    if (BASE64.test(trimmed)) return fromDer(Buffer.from(trimmed, 'base64'));
  } catch {
    // OpenSSL's reason says nothing to an operator: the one below does
  }
  throw new Error(notAKey);
}

export interface SigningKeySettings {
  /** AUDIT_SIGNING_KEY: PEM or base64 PKCS#8. */
  readonly configured: string | null;
  /** Where a key made for development is kept (AUDIT_SIGNING_KEY_FILE); made on first use when missing. */
  readonly devKeyFile: string;
  /** Only outside production is a key made: there an unset key means no checkpoints. */
  readonly mayGenerate: boolean;
}

/**
 * The configured key, else (not in production) the one in the dev key file, made there (mode 0600) the first time.
 * Null in production without a configured key, and where none was made yet with `create: false`. The key never goes into the database: whoever can write the
 * database must not be able to sign.
 */
export async function loadSigningKey(settings: SigningKeySettings, options: { readonly create?: boolean } = {}): Promise<CheckpointSigner | null> {
  if (settings.configured) return parseNamed(settings.configured, 'AUDIT_SIGNING_KEY');
  if (!settings.mayGenerate) return null;
  const existing = await readDevKey(settings.devKeyFile);
  if (existing !== null) return existing;
  // a verifier, an export or `audit public-key` asks for the key that signed: none was made yet, so there is nothing to trust
  if (options.create === false) return null;
  const { privateKey } = generateKeyPairSync('ed25519');
  await mkdir(dirname(settings.devKeyFile), { recursive: true });
  try {
    // `wx`: two processes making one at once keep the first, and both read it back
    await writeFile(settings.devKeyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readDevKey(settings.devKeyFile);
}

async function readDevKey(file: string): Promise<CheckpointSigner | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return parseNamed(text, file);
}

/** The key's source (the variable, the file) leads the reason it is refused: the operator knows what to fix. */
function parseNamed(text: string, source: string): CheckpointSigner {
  try {
    return parseSigningKey(text);
  } catch (error) {
    throw new Error(`${source}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
