import { expect, it } from 'vitest';
import { GENESIS_HASH } from '../hash-chain.js';
import type { EventStore } from '../port.js';
import { anEvent, aStreamId } from './fixtures.js';

export function hashChainContract(store: () => EventStore): void {
  it('chains every event of a stream and verifies an untampered log', async () => {
    const stream = aStreamId('chain');
    await store().append(stream, [anEvent('A', { n: 1 }), anEvent('B', { n: 2 })]);
    await store().append(stream, [anEvent('C', { n: 3 }, { subjectId: `s-${globalThis.crypto.randomUUID()}`, data: { x: 1 } })]);
    const events = await store().readStream(stream);
    expect(events.every((e) => /^[0-9a-f]{64}$/.test(e.hash))).toBe(true);
    expect(new Set([GENESIS_HASH, ...events.map((e) => e.hash)]).size).toBe(4);

    const one = await store().verify(stream);
    expect(one).toEqual({ ok: true, streamsChecked: 1, eventsChecked: 3, problems: [] });
    const everything = await store().verify();
    expect(everything.problems).toEqual([]);
    expect(everything.eventsChecked).toBeGreaterThanOrEqual(3);
  });
}
