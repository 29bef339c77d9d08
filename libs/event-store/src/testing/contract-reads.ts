import { expect, it } from 'vitest';
import { START, type EventStore } from '../port.js';
import { anEvent, aStreamId, someMetadata } from './fixtures.js';

export function readContract(store: () => EventStore): void {
  it('reads a stream in revision order, from a revision, up to a count', async () => {
    const stream = aStreamId();
    await store().append(stream, [anEvent('A'), anEvent('B')], 'no_stream');
    await store().append(stream, [anEvent('C'), anEvent('D'), anEvent('E')], 1);
    const all = await store().readStream(stream);
    expect(all.map((e) => [e.revision, e.type])).toEqual([[0, 'A'], [1, 'B'], [2, 'C'], [3, 'D'], [4, 'E']]);
    expect(all.every((e) => e.streamId === stream)).toBe(true);
    expect((await store().readStream(stream, { fromRevision: 2 })).map((e) => e.type)).toEqual(['C', 'D', 'E']);
    expect((await store().readStream(stream, { fromRevision: 1, maxCount: 2 })).map((e) => e.type)).toEqual(['B', 'C']);
    expect(await store().readStream(aStreamId('missing'))).toEqual([]);
  });

  it('reads all streams in global order, strictly after a position', async () => {
    const head = await store().headPosition();
    const [a, b] = [aStreamId('a'), aStreamId('b')];
    await store().append(a, [anEvent('A1')]);
    await store().append(b, [anEvent('B1'), anEvent('B2')]);
    const last = await store().append(a, [anEvent('A2')]);
    const events = await store().readAll({ after: head });
    expect(events.map((e) => e.type)).toEqual(['A1', 'B1', 'B2', 'A2']);
    const positions = events.map((e) => e.position);
    expect(positions.every((p, i) => i === 0 || p > positions[i - 1]!)).toBe(true);
    expect(positions[0]! > head).toBe(true);
    expect((await store().readAll({ after: positions[1]! })).map((e) => e.type)).toEqual(['B2', 'A2']);
    expect((await store().readAll({ after: head, maxCount: 2 })).map((e) => e.type)).toEqual(['A1', 'B1']);
    expect(await store().headPosition()).toBe(last.position);
    expect(last.position).toBe(positions[3]);
    expect(typeof last.position).toBe('bigint');
  });

  it('reads from START', async () => {
    const stream = aStreamId();
    await store().append(stream, [anEvent('A')]);
    const everything = await store().readAll({ after: START });
    expect(everything.some((e) => e.streamId === stream)).toBe(true);
  });

  it('round-trips data and metadata (correlation, causation, time, actor)', async () => {
    const stream = aStreamId();
    const head = await store().headPosition();
    const metadata = someMetadata({ actor: 'session:abc', occurredAt: '2025-06-30T23:59:59.123Z' });
    const data = { seats: [1, 2, 3], price: { amount: 12_50, currency: 'EUR' }, note: 'émoji 🎫', nothing: null };
    await store().append(stream, [{ type: 'TicketsHeld', data, metadata }]);
    const [event] = await store().readStream(stream);
    expect(event!.data).toEqual(data);
    expect(event!.metadata).toEqual(metadata);
    expect(event!.type).toBe('TicketsHeld');
    expect(Number.isNaN(Date.parse(event!.recordedAt))).toBe(false);
    const [fromAll] = await store().readAll({ after: head, maxCount: 1 });
    expect(fromAll).toEqual(event);
  });
}
