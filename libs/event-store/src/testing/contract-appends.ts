import { expect, it } from 'vitest';
import { WrongExpectedRevisionError, type EventStore } from '../port.js';
import { anEvent, aStreamId } from './fixtures.js';

async function rejection(work: Promise<unknown>): Promise<WrongExpectedRevisionError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WrongExpectedRevisionError);
  return error as WrongExpectedRevisionError;
}

export function appendContract(store: () => EventStore): void {
  it('no_stream: creates a stream once, then refuses', async () => {
    const stream = aStreamId();
    const first = await store().append(stream, [anEvent('Opened')], 'no_stream');
    expect(first.nextExpectedRevision).toBe(0);
    const error = await rejection(store().append(stream, [anEvent('Opened')], 'no_stream'));
    expect(error).toMatchObject({ streamId: stream, expected: 'no_stream', actual: 0 });
    expect(await store().readStream(stream)).toHaveLength(1);
  });

  it('exact revision: appends on the expected revision, refuses a stale one and a missing stream', async () => {
    const stream = aStreamId();
    await store().append(stream, [anEvent('A')], 'no_stream');
    expect((await store().append(stream, [anEvent('B')], 0)).nextExpectedRevision).toBe(1);
    expect(await rejection(store().append(stream, [anEvent('C')], 0))).toMatchObject({ expected: 0, actual: 1 });
    expect(await rejection(store().append(aStreamId(), [anEvent('C')], 3))).toMatchObject({ expected: 3, actual: 'no_stream' });
    expect((await store().readStream(stream)).map((e) => e.type)).toEqual(['A', 'B']);
  });

  it('any: appends to a new and to an existing stream without a check', async () => {
    const stream = aStreamId();
    expect((await store().append(stream, [anEvent('A')], 'any')).nextExpectedRevision).toBe(0);
    expect((await store().append(stream, [anEvent('B'), anEvent('C')])).nextExpectedRevision).toBe(2);
  });

  it('lets exactly one of several writers with the same expectation win', async () => {
    const stream = aStreamId();
    await store().append(stream, [anEvent('A')], 'no_stream');
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, writer) => store().append(stream, [anEvent('B', { writer })], 0)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const failed of results.filter((r) => r.status === 'rejected')) {
      expect(failed.reason).toBeInstanceOf(WrongExpectedRevisionError);
    }
    expect(await store().readStream(stream)).toHaveLength(2);
  });

  it('appends a batch atomically: all of it together in order, or none of it', async () => {
    const stream = aStreamId();
    const head = await store().headPosition();
    const racers = await Promise.allSettled(
      ['x', 'y'].map((writer) =>
        store().append(stream, [anEvent('One', { writer }), anEvent('Two', { writer }), anEvent('Three', { writer })], 'no_stream'),
      ),
    );
    expect(racers.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const events = await store().readStream(stream);
    expect(events.map((e) => e.type)).toEqual(['One', 'Two', 'Three']);
    expect(new Set(events.map((e) => e.data['writer'])).size).toBe(1);
    const winner = racers.find((r) => r.status === 'fulfilled')!;
    expect((winner as PromiseFulfilledResult<{ position: bigint }>).value.position).toBe(events[2]!.position);
    // the loser left nothing behind, and the winner's events are contiguous in the global order
    const all = await store().readAll({ after: head });
    expect(all.map((e) => e.id)).toEqual(events.map((e) => e.id));
  });

  it('keeps the ids it is given', async () => {
    const stream = aStreamId();
    const id = globalThis.crypto.randomUUID();
    await store().append(stream, [{ ...anEvent('A'), id }]);
    expect((await store().readStream(stream))[0]!.id).toBe(id);
  });
}
