import { expect, it } from 'vitest';
import { WrongExpectedRevisionError, type EventStore, type RecordedEvent, type StreamAppend } from '../port.js';
import { anEvent, aStreamId, eventually } from './fixtures.js';

async function failure(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => expect.fail('expected the call to fail'),
    (error: unknown) => error,
  );
}

const newStream = (streamId: string, type = 'Opened'): StreamAppend => ({ streamId, events: [anEvent(type)], expectedRevision: 'no_stream' });

export function multiAppendContract(store: () => EventStore): void {
  it('writes nothing of any stream when one expectation fails, and names the first stream that failed', async () => {
    const [kept, fresh, stale, alsoStale] = [aStreamId('multi'), aStreamId('multi'), aStreamId('multi'), aStreamId('multi')];
    await store().append(kept, [anEvent('A')], 'no_stream');
    await store().append(stale, [anEvent('A'), anEvent('B')], 'no_stream');
    await store().append(alsoStale, [anEvent('A')], 'no_stream');
    const head = await store().headPosition();

    const error = await failure(
      store().appendToStreams([
        { streamId: kept, events: [anEvent('B')], expectedRevision: 0 },
        newStream(fresh),
        { streamId: stale, events: [anEvent('C')], expectedRevision: 0 },
        { streamId: alsoStale, events: [anEvent('B')], expectedRevision: 'no_stream' },
      ]),
    );
    expect(error).toBeInstanceOf(WrongExpectedRevisionError);
    expect(error).toMatchObject({ streamId: stale, expected: 0, actual: 1 });

    expect(await store().readAll({ after: head })).toEqual([]);
    expect(await store().readStream(fresh)).toEqual([]);
    // every head is where it was: the expectations that held before still hold
    expect((await store().append(kept, [anEvent('B')], 0)).nextExpectedRevision).toBe(1);
    expect((await store().append(fresh, [anEvent('A')], 'no_stream')).nextExpectedRevision).toBe(0);
    expect((await store().append(stale, [anEvent('C')], 1)).nextExpectedRevision).toBe(2);
  });

  it('gives positions in the order of the call, each stream its events in revision order', async () => {
    const [first, second, third] = [aStreamId('multi'), aStreamId('multi'), aStreamId('multi')];
    await store().append(second, [anEvent('Earlier')]);
    const head = await store().headPosition();

    const result = await store().appendToStreams([
      { streamId: first, events: [anEvent('F0'), anEvent('F1'), anEvent('F2')], expectedRevision: 'no_stream' },
      { streamId: second, events: [anEvent('S1')], expectedRevision: 0 },
      { streamId: third, events: [anEvent('T0'), anEvent('T1')], expectedRevision: 'any' },
    ]);

    const all = await store().readAll({ after: head });
    expect(all.map((e) => `${e.type}@${e.revision}`)).toEqual(['F0@0', 'F1@1', 'F2@2', 'S1@1', 'T0@0', 'T1@1']);
    expect(all.map((e) => e.streamId)).toEqual([first, first, first, second, third, third]);
    expect(result.streams.map((s) => s.nextExpectedRevision)).toEqual([2, 1, 1]);
    expect(result.position).toBe(all.at(-1)!.position);
    for (const [index, streamId] of [first, second, third].entries()) {
      const last = all.filter((e) => e.streamId === streamId).at(-1)!;
      expect(result.streams[index]!.position >= last.position).toBe(true);
      expect(result.streams[index]!.position <= result.position).toBe(true);
    }
  });

  it('no_stream across many new streams: creates each once, then refuses the whole call that repeats one', async () => {
    const streams = Array.from({ length: 50 }, () => aStreamId('multi-new'));
    const created = await store().appendToStreams(streams.map((streamId) => newStream(streamId)));
    expect(created.streams.map((s) => s.nextExpectedRevision)).toEqual(streams.map(() => 0));

    const others = [aStreamId('multi-new'), aStreamId('multi-new')];
    const error = await failure(store().appendToStreams([newStream(others[0]!), newStream(streams[17]!), newStream(others[1]!)]));
    expect(error).toMatchObject({ streamId: streams[17], expected: 'no_stream', actual: 0 });
    expect(await store().readStream(others[0]!)).toEqual([]);
    expect(await store().readStream(others[1]!)).toEqual([]);
    expect(await store().readStream(streams[17]!)).toHaveLength(1);
  });

  it('lets exactly one of two calls racing for the same new stream win, and the loser writes nothing', async () => {
    const contested = aStreamId('multi-race');
    const own = [aStreamId('multi-race'), aStreamId('multi-race')];
    const racers = await Promise.allSettled(own.map((streamId) => store().appendToStreams([newStream(streamId), newStream(contested)])));
    expect(racers.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const loser = racers.findIndex((r) => r.status === 'rejected');
    expect((racers[loser] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
    expect(await store().readStream(own[loser]!)).toEqual([]);
    expect(await store().readStream(own[1 - loser]!)).toHaveLength(1);
    expect(await store().readStream(contested)).toHaveLength(1);
  });

  it('checks the expectation of a stream given no events, writing nothing to it', async () => {
    const [watched, missing, written] = [aStreamId('multi-check'), aStreamId('multi-check'), aStreamId('multi-check')];
    const before = await store().append(watched, [anEvent('A'), anEvent('B')]);

    const error = await failure(
      store().appendToStreams([newStream(written), { streamId: watched, events: [], expectedRevision: 0 }]),
    );
    expect(error).toMatchObject({ streamId: watched, expected: 0, actual: 1 });
    expect(await store().readStream(written)).toEqual([]);

    const result = await store().appendToStreams([
      { streamId: watched, events: [], expectedRevision: 1 },
      { streamId: missing, events: [], expectedRevision: 'no_stream' },
      newStream(written),
    ]);
    expect(result.streams[0]).toEqual(before);
    expect(result.streams[1]!.nextExpectedRevision).toBe(-1);
    expect(result.streams[2]!.nextExpectedRevision).toBe(0);
    expect(await store().readStream(watched)).toHaveLength(2);
    // checking a missing stream does not create it
    expect((await store().append(missing, [anEvent('A')], 'no_stream')).nextExpectedRevision).toBe(0);
  });

  it('refuses a call that names a stream twice, writing nothing', async () => {
    const [twice, other] = [aStreamId('multi-twice'), aStreamId('multi-twice')];
    const error = await failure(
      store().appendToStreams([newStream(twice), newStream(other), { streamId: twice, events: [anEvent('B')], expectedRevision: 'any' }]),
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(WrongExpectedRevisionError);
    expect(await store().readStream(twice)).toEqual([]);
    expect(await store().readStream(other)).toEqual([]);
  });

  it('runs 20 concurrent calls over shared streams, named in opposite orders, without deadlock or a forked chain', async () => {
    const [left, right] = [aStreamId('multi-shared'), aStreamId('multi-shared')];
    const own = Array.from({ length: 20 }, () => aStreamId('multi-own'));
    const results = await Promise.all(
      own.map((streamId, n) => {
        const shared = (id: string): StreamAppend => ({ streamId: id, events: [anEvent('Held', { n })], expectedRevision: 'any' });
        const [one, other] = n % 2 === 0 ? [left, right] : [right, left];
        return store().appendToStreams([shared(one), newStream(streamId), shared(other)]);
      }),
    );
    expect(results).toHaveLength(20);
    for (const shared of [left, right]) {
      const events = await store().readStream(shared);
      expect(events.map((e) => e.revision)).toEqual(Array.from({ length: 20 }, (_, i) => i));
      expect(new Set(events.map((e) => e.data['n'])).size).toBe(20);
      expect(await store().verify(shared)).toMatchObject({ ok: true, eventsChecked: 20 });
    }
    for (const streamId of own) expect(await store().readStream(streamId)).toHaveLength(1);
  });

  it('delivers every event of concurrent calls to a subscription once, in position order', async () => {
    const head = await store().headPosition();
    const received: RecordedEvent[] = [];
    const subscription = store().subscribeToAll({ after: head, onEvent: (event) => void received.push(event) });
    try {
      await subscription.caughtUp;
      const shared = aStreamId('multi-sub');
      await Promise.all(
        Array.from({ length: 10 }, (_, n) =>
          store().appendToStreams([
            { streamId: shared, events: [anEvent('Shared', { n })], expectedRevision: 'any' },
            { streamId: aStreamId('multi-sub'), events: [anEvent('Own', { n }), anEvent('Own', { n })], expectedRevision: 'no_stream' },
          ]),
        ),
      );
      await eventually(() => received.length >= 30, 10_000, '30 events');
      await new Promise((resolve) => setTimeout(resolve, 100)); // room for a duplicate to show up
    } finally {
      await subscription.stop();
    }
    const stored = await store().readAll({ after: head });
    expect(stored).toHaveLength(30);
    expect(received.map((e) => e.id)).toEqual(stored.map((e) => e.id));
    expect(received.every((e, i) => i === 0 || e.position > received[i - 1]!.position)).toBe(true);
  });
}
