import { expect, it } from 'vitest';
import type { EventStore, RecordedEvent } from '../port.js';
import { anEvent, aStreamId, eventually } from './fixtures.js';

export function subscriptionContract(store: () => EventStore): void {
  it('catches up from a checkpoint, then follows live, one event at a time', async () => {
    const stream = aStreamId('sub');
    const first = await store().append(stream, [anEvent('E0')]);
    await store().append(stream, [anEvent('E1'), anEvent('E2')]);

    const received: RecordedEvent[] = [];
    let running = 0;
    let mostAtOnce = 0;
    const subscription = store().subscribeToAll({
      after: first.position,
      onEvent: async (event) => {
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        await new Promise((resolve) => setTimeout(resolve, 2));
        if (event.streamId === stream) received.push(event);
        running -= 1;
      },
    });
    try {
      await subscription.caughtUp;
      expect(received.map((e) => e.type)).toEqual(['E1', 'E2']);

      await store().append(stream, [anEvent('E3')]);
      await store().append(stream, [anEvent('E4'), anEvent('E5')]);
      await eventually(() => received.length === 5, 5_000, 'live events');
      expect(received.map((e) => e.type)).toEqual(['E1', 'E2', 'E3', 'E4', 'E5']);
      expect(mostAtOnce).toBe(1);
    } finally {
      await subscription.stop();
    }
    await store().append(stream, [anEvent('AfterStop')]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received.map((e) => e.type)).not.toContain('AfterStop');
  });

  it('resolves caughtUp at once on an empty tail and delivers what comes later', async () => {
    const stream = aStreamId('sub');
    const head = await store().headPosition();
    const received: string[] = [];
    const subscription = store().subscribeToAll({ after: head, onEvent: (e) => void received.push(e.type) });
    try {
      await subscription.caughtUp;
      expect(received).toEqual([]);
      await store().append(stream, [anEvent('Late')]);
      await eventually(() => received.includes('Late'), 5_000, 'the late event');
    } finally {
      await subscription.stop();
    }
  });

  it('stops on an error thrown by onEvent and reports it', async () => {
    const stream = aStreamId('sub');
    const head = await store().headPosition();
    await store().append(stream, [anEvent('Poison'), anEvent('Never')]);
    const seen: string[] = [];
    let reported: unknown;
    const subscription = store().subscribeToAll({
      after: head,
      onEvent: (e) => {
        seen.push(e.type);
        if (e.type === 'Poison') throw new Error('handler failed');
      },
      onError: (error) => (reported = error),
    });
    await expect(subscription.caughtUp).rejects.toThrow('handler failed');
    expect(seen).toEqual(['Poison']);
    expect(reported).toBeInstanceOf(Error);
    await subscription.stop();
  });
}
