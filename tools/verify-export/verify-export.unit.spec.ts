import { describe, expect, it } from 'vitest';
import { canonicalJson as libraryCanonicalJson, hashEvent, linkInLog as libraryLinkInLog } from '@ticketing/event-store';
import { headsRoot as libraryHeadsRoot } from '@ticketing/audit';
// @ts-expect-error -- a plain .mjs without types: the standalone verifier, checked here against the libraries it re-implements
import { canonicalJson, eventHash, headsRoot, linkInLog } from './verify-export.mjs';

/** The verifier imports nothing of the repository: these hold it to the libraries' hashes on awkward inputs. */
describe('tools/verify-export computes what the libraries compute', () => {
  const awkward = {
    'b-key': [1, 2.5, -0, 1e21, null, 'quote " and \\ and \n', { z: true, a: false }],
    'a-key': { ü: 'umlaut', Z: 'upper', é: 'é', '\u{1F600}': 'emoji', '': 'empty' },
    number: 123456789012345680000,
    nested: { deeper: { deepest: [[], {}] } },
  };

  it('canonical JSON', () => {
    expect(canonicalJson(awkward)).toBe(libraryCanonicalJson(awkward));
  });

  it('event hashes of both formats, with and without sealed personal data', () => {
    const base = { streamId: 'reservation-1', revision: 3, id: '5f0c4c3e-9d1b-4c47-9a57-1f0e7d1b2c3d', type: 'BookingValidated', data: awkward, metadata: { actor: 'session:x', correlationId: 'c' } };
    const personal = { subjectId: 'buyer-1', ciphertext: Buffer.from('sealed').toString('base64') };
    const previous = 'f'.repeat(64);
    const recordedAt = '2027-03-01T10:00:00.123456Z';
    expect(eventHash({ ...base, personal: null, previousHash: previous, hashFormat: 1, recordedAt })).toBe(hashEvent({ ...base, personal: null }, previous));
    expect(eventHash({ ...base, personal: { ...personal, erased: true }, previousHash: previous, hashFormat: 2, recordedAt })).toBe(hashEvent({ ...base, personal, recordedAt }, previous));
  });

  it('log links and Merkle roots', () => {
    expect(linkInLog('0'.repeat(64), 17n, 'a'.repeat(64))).toBe(libraryLinkInLog('0'.repeat(64), 17n, 'a'.repeat(64)));
    for (const count of [0, 1, 2, 3, 5, 8, 13]) {
      const heads = Array.from({ length: count }, (_, i) => ({ streamId: `stream-${(i * 7) % 13}-é${i}`, revision: i, hash: String(i).repeat(64).slice(0, 64) }));
      const map = new Map(heads.map((h) => [h.streamId, { revision: h.revision, hash: h.hash }]));
      expect(headsRoot(map)).toBe(libraryHeadsRoot(heads));
    }
  });
});
