import { describe, expect, it } from 'vitest';
import type { AllStreamResolvedEvent } from '@kurrent/kurrentdb-client';
import { GENESIS_HASH, verifyStreamChain } from '../hash-chain.js';
import { chainEvents, type PreparedEvent } from '../prepare-events.js';
import { fromResolved, toEventData, toFlatEventData, toLink } from './kurrentdb-events.js';
import { fromPosition } from './kurrentdb-subscription.js';

const metadata = { correlationId: 'corr', causationId: 'cause', occurredAt: '2025-01-01T00:00:00.000Z', actor: 'user:1' };
const prepared: PreparedEvent[] = [
  { id: '11111111-1111-4111-8111-111111111111', type: 'A', data: { n: 1 }, metadata, personal: null, dataJson: '{"n":1}', metadataJson: JSON.stringify(metadata) },
  {
    id: '22222222-2222-4222-8222-222222222222',
    type: 'B',
    data: { n: 2 },
    metadata,
    personal: { subjectId: 'buyer-1', ciphertext: Buffer.from([1, 2, 3]) },
    dataJson: '{"n":2}',
    metadataJson: JSON.stringify(metadata),
  },
];

/** What the client hands back for an event written with `toEventData` (JSON-parsed metadata, bigint positions). */
function asRead(streamId: string, revision: number, position: bigint, written: ReturnType<typeof toEventData>): AllStreamResolvedEvent {
  const json = JSON.parse(JSON.stringify({ data: written.data, metadata: written.metadata }));
  return {
    event: {
      streamId,
      id: written.id,
      isJson: true,
      revision: BigInt(revision),
      type: written.type,
      created: new Date('2025-01-01T00:00:01.000Z'),
      data: json.data,
      metadata: json.metadata,
      position: { commit: position, prepare: position },
    },
  } as AllStreamResolvedEvent;
}

describe('KurrentDB event mapping', () => {
  it('keeps metadata, hash chain and sealed personal data through a write and a read', () => {
    const chained = chainEvents('s', prepared, -1, GENESIS_HASH);
    const read = chained.map((event, i) => fromResolved(asRead('s', i, BigInt(100 + i * 10), toEventData(event)))!);
    expect(read.map((e) => e.stored.metadata)).toEqual([metadata, metadata]);
    expect(read[1]!.sealed).toEqual({ subjectId: 'buyer-1', ciphertext: Buffer.from([1, 2, 3]) });
    expect(read.map((e) => e.position)).toEqual([100n, 110n]);
    expect(read[0]!.stored.$correlationId).toBe('corr');
    expect(verifyStreamChain('s', read.map(toLink))).toEqual([]);
  });

  it('writes string-only metadata for multiStreamAppend and reads it back as the nested form', () => {
    const chained = chainEvents('s', prepared, -1, GENESIS_HASH);
    const flat = chained.map(toFlatEventData);
    expect(flat.every((e) => Object.values(e.metadata as object).every((value) => typeof value === 'string'))).toBe(true);
    const read = flat.map((written, i) => fromResolved(asRead('s', i, BigInt(100 + i), written))!);
    const nested = chained.map((event, i) => fromResolved(asRead('s', i, BigInt(100 + i), toEventData(event)))!);
    expect(read.map((e) => e.stored)).toEqual(nested.map((e) => e.stored));
    expect(read[1]!.sealed).toEqual({ subjectId: 'buyer-1', ciphertext: Buffer.from([1, 2, 3]) });
    expect(verifyStreamChain('s', read.map(toLink))).toEqual([]);
  });

  it('notices a changed event in what it reads back', () => {
    const chained = chainEvents('s', prepared, -1, GENESIS_HASH);
    const read = chained.map((event, i) => fromResolved(asRead('s', i, BigInt(i), toEventData(event)))!);
    const changed = { ...read[0]!, data: { n: 100 } };
    expect(verifyStreamChain('s', [changed, read[1]!].map(toLink)).map((p) => p.kind)).toEqual(['altered']);
  });

  it('skips what is not one of its events', () => {
    expect(fromResolved({})).toBeUndefined();
    const foreign = asRead('s', 0, 1n, toEventData(chainEvents('s', prepared, -1, GENESIS_HASH)[0]!));
    expect(fromResolved({ event: { ...foreign.event!, metadata: { some: 'thing' } } } as AllStreamResolvedEvent)).toBeUndefined();
  });

  it('maps a checkpoint to a log position, and START to the start', () => {
    expect(fromPosition(0n)).toBe('start');
    expect(fromPosition(42n)).toEqual({ commit: 42n, prepare: 42n });
  });
});
