import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.js';
import { GENESIS_HASH, hashEvent, verifyStreamChain, type StoredLink } from './hash-chain.js';
import { chainEvents, hashedContent, type PreparedEvent } from './prepare-events.js';

const metadata = { correlationId: 'c', causationId: 'k', occurredAt: '2025-01-01T00:00:00.000Z', actor: 'system:test' };

function storedStream(count: number): StoredLink[] {
  const events: PreparedEvent[] = Array.from({ length: count }, (_, n) => ({
    id: `00000000-0000-4000-8000-00000000000${n}`,
    type: `E${n}`,
    data: { n },
    metadata,
    personal: null,
    dataJson: JSON.stringify({ n }),
    metadataJson: JSON.stringify(metadata),
  }));
  return chainEvents('s', events, -1, GENESIS_HASH).map((e, n) => ({
    content: hashedContent('s', e.revision, e),
    hash: e.hash,
    previousHash: e.previousHash,
    position: BigInt(10 * (n + 1)),
  }));
}

const headOf = (links: StoredLink[]) => ({ revision: links.length - 1, lastHash: links.at(-1)!.hash });
const kinds = (links: StoredLink[], head = headOf(storedStream(4))) =>
  verifyStreamChain('s', links, head).map((p) => [p.kind, p.revision]);

describe('canonicalJson', () => {
  it('sorts keys at every depth and drops undefined fields, so key order never changes a hash', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: undefined } })).toBe('{"a":{"d":[3,{"y":2,"z":1}]},"b":1}');
    expect(canonicalJson({ x: 1, y: 2 })).toBe(canonicalJson({ y: 2, x: 1 }));
  });
});

describe('verifyStreamChain', () => {
  it('finds nothing wrong with an intact stream', () => {
    const links = storedStream(4);
    expect(verifyStreamChain('s', links, headOf(links))).toEqual([]);
    expect(verifyStreamChain('s', links)).toEqual([]);
  });

  it('chains the first event to the genesis hash', () => {
    expect(storedStream(1)[0]!.previousHash).toBe(GENESIS_HASH);
  });

  it('reports changed content as altered', () => {
    const links = storedStream(4);
    links[1] = { ...links[1]!, content: { ...links[1]!.content, data: { n: 99 } } };
    expect(kinds(links)).toEqual([['altered', 1]]);
  });

  it('reports changed content with a recomputed hash as altered (its successor no longer matches)', () => {
    const links = storedStream(4);
    const content = { ...links[1]!.content, data: { n: 99 } };
    links[1] = { ...links[1]!, content, hash: hashEvent(content, links[1]!.previousHash) };
    expect(kinds(links)).toEqual([['altered', 1]]);
  });

  it('reports a missing middle event and a missing last event as removed', () => {
    const links = storedStream(4);
    expect(kinds([links[0]!, links[2]!, links[3]!])).toEqual([['removed', 1]]);
    expect(kinds(links.slice(0, 3))).toEqual([['removed', 3]]);
  });

  it('reports an event beyond the head, and one spliced in between, as inserted', () => {
    const links = storedStream(4);
    const forgedContent = { ...links[3]!.content, revision: 4, id: 'forged' };
    const forged = { content: forgedContent, previousHash: links[3]!.hash, hash: hashEvent(forgedContent, links[3]!.hash) };
    expect(kinds([...links, forged])).toEqual([['inserted', 4]]);

    // renumbered to make room: 0, forged(1), old 1 (now 2) ... the old one still points at revision 0
    const spliceContent = { ...links[1]!.content, id: 'spliced', data: { forged: true } };
    const spliced = { content: spliceContent, previousHash: links[0]!.hash, hash: hashEvent(spliceContent, links[0]!.hash) };
    const shifted = links.slice(1).map((l) => ({ ...l, content: { ...l.content, revision: l.content.revision + 1 } }));
    const problems = verifyStreamChain('s', [links[0]!, spliced, ...shifted], { revision: 4, lastHash: links[3]!.hash });
    expect(problems.map((p) => p.kind)).toContain('inserted');
  });

  it('reports a consistent chain that contradicts the global order as reordered', () => {
    const links = storedStream(3);
    links[1] = { ...links[1]!, position: 5n };
    expect(kinds(links, headOf(links))).toEqual([['reordered', 1]]);
  });

  it('reports swapped events as reordered', () => {
    const links = storedStream(4);
    const swap = (l: StoredLink, revision: number) => ({ ...l, content: { ...l.content, revision } });
    const problems = verifyStreamChain('s', [links[0]!, swap(links[2]!, 1), swap(links[1]!, 2), links[3]!], headOf(links));
    expect(new Set(problems.map((p) => p.kind))).toEqual(new Set(['reordered', 'altered']));
  });
});

describe('hash format 2', () => {
  const recordedAt = '2025-01-01T00:00:01.123456Z';
  const content = { ...storedStream(1)[0]!.content, recordedAt };

  it('covers the recorded time, to the microsecond', () => {
    const moved = { ...content, recordedAt: '2025-01-01T00:00:01.123457Z' };
    const { recordedAt: _, ...format1 } = content;
    expect(hashEvent(moved, GENESIS_HASH)).not.toBe(hashEvent(content, GENESIS_HASH));
    expect(hashEvent(format1, GENESIS_HASH)).not.toBe(hashEvent(content, GENESIS_HASH));
  });

  it('is the SHA-256 of the canonical JSON of content, recorded time and previous hash (the fast path agrees)', () => {
    const spelledOut = createHash('sha256').update(canonicalJson({ ...content, previousHash: GENESIS_HASH })).digest('hex');
    expect(hashEvent(content, GENESIS_HASH)).toBe(spelledOut);
  });

  it('is what chainEvents writes when given the recorded time, and what verifyStreamChain then checks', () => {
    const events = storedStream(3).map(({ content: { id, type, data } }) => ({ id, type, data, metadata, personal: null, dataJson: '', metadataJson: '' }));
    const chained = chainEvents('s', events, -1, GENESIS_HASH, recordedAt);
    const links = chained.map((e) => ({ content: hashedContent('s', e.revision, e, recordedAt), hash: e.hash, previousHash: e.previousHash }));
    expect(verifyStreamChain('s', links, headOf(links))).toEqual([]);
    const format1 = chained.map((e) => ({ content: hashedContent('s', e.revision, e), hash: e.hash, previousHash: e.previousHash }));
    expect(verifyStreamChain('s', format1, headOf(format1)).map((p) => p.kind)).toEqual(['altered', 'altered', 'altered']);
  });
});
