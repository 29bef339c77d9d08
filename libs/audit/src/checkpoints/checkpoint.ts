import { sign, verify, type KeyObject } from 'node:crypto';
import { canonicalJson } from '@ticketing/event-store';
import { keyIdOf, parsePublicKey, type CheckpointSigner } from './signing-key.js';

/** The stream checkpoints are appended to, and their event type. */
export const CHECKPOINT_STREAM = '$checkpoints';
export const CHECKPOINT_EVENT = 'CheckpointSigned';
export const CHECKPOINT_FORMAT = 1;

/**
 * What is signed: the log up to `position` (a decimal string: positions outgrow 2^53 in theory). `logHash` is the
 * log chain's link at that position (log-chain.ts: the running sha256 over every event's position and hash),
 * `headsRoot` the Merkle root over the stream heads as of that position (merkle.ts), `streams` their number,
 * `time` the database's clock when it was made.
 */
export interface CheckpointBody {
  readonly format: number;
  readonly position: string;
  readonly time: string;
  readonly logHash: string;
  readonly headsRoot: string;
  readonly streams: number;
  readonly keyId: string;
}

/** A checkpoint as the log stores it: the body, its Ed25519 signature (base64) and the public key (base64 DER SPKI). */
export interface SignedCheckpoint extends CheckpointBody {
  readonly signature: string;
  readonly publicKey: string;
}

/** The signed bytes: the UTF-8 canonical JSON of the body's seven fields (keys sorted), nothing else. */
export function signedText(checkpoint: CheckpointBody): string {
  const { format, position, time, logHash, headsRoot, streams, keyId } = checkpoint;
  return canonicalJson({ format, position, time, logHash, headsRoot, streams, keyId });
}

export function signCheckpoint(body: Omit<CheckpointBody, 'format' | 'keyId'>, signer: CheckpointSigner): SignedCheckpoint {
  const full: CheckpointBody = { format: CHECKPOINT_FORMAT, ...body, keyId: signer.keyId };
  const signature = sign(null, Buffer.from(signedText(full), 'utf8'), signer.privateKey).toString('base64');
  return { ...full, signature, publicKey: signer.publicKeyBase64 };
}

/**
 * Why the checkpoint's signature does not hold against the trusted key, or null when it does. The key the
 * checkpoint carries is not trusted (anyone can sign with a key of their own): it must be the trusted one.
 */
export function signatureProblem(checkpoint: SignedCheckpoint, trusted: KeyObject): string | null {
  const trustedDer = trusted.export({ type: 'spki', format: 'der' });
  if (checkpoint.publicKey !== trustedDer.toString('base64')) return `signed with another key (${keyIdOfText(checkpoint.publicKey)}), not the trusted one (${keyIdOf(trustedDer)})`;
  if (checkpoint.format !== CHECKPOINT_FORMAT) return `unknown checkpoint format ${String(checkpoint.format)}`;
  const ok = verify(null, Buffer.from(signedText(checkpoint), 'utf8'), trusted, Buffer.from(checkpoint.signature, 'base64'));
  return ok ? null : 'its signature does not match its content';
}

function keyIdOfText(publicKey: string): string {
  try {
    return keyIdOf(parsePublicKey(publicKey).export({ type: 'spki', format: 'der' }));
  } catch {
    return 'unreadable';
  }
}

/** A checkpoint read back from the log or the file; throws when a field is missing. */
export function toSignedCheckpoint(value: Record<string, unknown>): SignedCheckpoint {
  const text = (key: string) => {
    const v = value[key];
    if (typeof v !== 'string') throw new Error(`checkpoint: ${key} missing`);
    return v;
  };
  return {
    format: Number(value['format']),
    position: text('position'),
    time: text('time'),
    logHash: text('logHash'),
    headsRoot: text('headsRoot'),
    streams: Number(value['streams']),
    keyId: text('keyId'),
    signature: text('signature'),
    publicKey: text('publicKey'),
  };
}
