import { createHash, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signatureProblem, signCheckpoint, signedText } from './checkpoint.js';
import { headsRoot, leafText, type HeadLeaf } from './merkle.js';
import { parseSigningKey } from './signing-key.js';

const sha = (...parts: (Buffer | string)[]) => parts.reduce((h, p) => h.update(p), createHash('sha256')).digest();
const leaf = (head: HeadLeaf) => sha(Buffer.from([0]), leafText(head));
const node = (left: Buffer, right: Buffer) => sha(Buffer.from([1]), left, right);
const head = (streamId: string, revision = 0): HeadLeaf => ({ streamId, revision, hash: sha(streamId).toString('hex') });

describe('the Merkle root over stream heads', () => {
  it('is sha256 of nothing for no stream, the leaf hash for one', () => {
    expect(headsRoot([])).toBe(sha().toString('hex'));
    expect(headsRoot([head('a', 3)])).toBe(leaf(head('a', 3)).toString('hex'));
    expect(leafText(head('a', 3))).toBe(`{"hash":"${head('a').hash}","revision":3,"streamId":"a"}`);
  });

  it('sorts by stream id in UTF-16 order, pairs leaves and promotes an odd last node unchanged', () => {
    const [a, b, c] = [head('a'), head('b'), head('c')];
    const expected = node(node(leaf(a), leaf(b)), leaf(c)).toString('hex');
    expect(headsRoot([c, a, b])).toBe(expected);
    // `Z` (U+005A) before `a` before `é`: code units, not a locale or a database collation
    const [upper, lower, accented] = [head('Z'), head('a'), head('é')];
    expect(headsRoot([accented, lower, upper])).toBe(node(node(leaf(upper), leaf(lower)), leaf(accented)).toString('hex'));
  });

  it('changes with any head', () => {
    const heads = [head('a'), head('b'), head('c'), head('d'), head('e')];
    const root = headsRoot(heads);
    expect(headsRoot(heads.map((h, i) => (i === 3 ? { ...h, revision: 1 } : h)))).not.toBe(root);
    expect(headsRoot(heads.map((h, i) => (i === 4 ? { ...h, hash: '0'.repeat(64) } : h)))).not.toBe(root);
    expect(headsRoot(heads.slice(1))).not.toBe(root);
  });
});

describe('checkpoint signatures', () => {
  const { privateKey } = generateKeyPairSync('ed25519');
  const signer = parseSigningKey(privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64'));
  const body = { position: '42', time: '2027-03-01T10:00:00.000000Z', logHash: 'a'.repeat(64), headsRoot: 'b'.repeat(64), streams: 7 };

  it('signs the canonical JSON of the body, which the signer’s public key verifies', () => {
    const checkpoint = signCheckpoint(body, signer);
    expect(checkpoint).toMatchObject({ ...body, format: 1, keyId: signer.keyId, publicKey: signer.publicKeyBase64 });
    expect(signedText(checkpoint)).toBe(`{"format":1,"headsRoot":"${'b'.repeat(64)}","keyId":"${signer.keyId}","logHash":"${'a'.repeat(64)}","position":"42","streams":7,"time":"2027-03-01T10:00:00.000000Z"}`);
    expect(signatureProblem(checkpoint, signer.publicKey)).toBeNull();
  });

  it('refuses a changed field, and a checkpoint re-signed with another key', () => {
    const checkpoint = signCheckpoint(body, signer);
    expect(signatureProblem({ ...checkpoint, headsRoot: 'c'.repeat(64) }, signer.publicKey)).toBe('its signature does not match its content');
    const intruder = parseSigningKey(generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
    const forged = signCheckpoint({ ...body, headsRoot: 'c'.repeat(64) }, intruder);
    expect(signatureProblem(forged, signer.publicKey)).toMatch(/^signed with another key \([0-9a-f]{16}\), not the trusted one/);
    // carrying the trusted key's bytes does not help without its private half
    expect(signatureProblem({ ...forged, publicKey: signer.publicKeyBase64 }, signer.publicKey)).toBe('its signature does not match its content');
  });

  it('reads PEM and base64 PKCS#8, and refuses a key that is not Ed25519', () => {
    expect(parseSigningKey(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()).keyId).toBe(signer.keyId);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(() => parseSigningKey(rsa)).toThrow('the audit signing key must be Ed25519, not rsa');
  });
});
