import { START, type GlobalPosition, type RecordedEvent, type SubscribeOptions, type Subscription } from '../port.js';
import type { NotificationListener } from './notification-listener.js';

export interface CatchUpTuning {
  /** Events read per query, in catch-up and live alike. */
  readonly batchSize: number;
  /** Read again after this long without a notification, in case one was lost. */
  readonly pollIntervalMs: number;
}

/**
 * Reads `position > checkpoint` in batches until a batch comes back short (caught up), then sleeps until a
 * notification or the poll timer and reads again. There is no separate live path: catch-up and live are the
 * same query, so an event is delivered once whichever way it was found. That is sound only because
 * positions become visible in order (see append-events.ts).
 */
export function startCatchUpSubscription(
  readAfter: (after: GlobalPosition, maxCount: number) => Promise<RecordedEvent[]>,
  listener: NotificationListener,
  options: SubscribeOptions,
  tuning: CatchUpTuning,
): Subscription {
  let stopped = false;
  let notified = false;
  let wake: (() => void) | undefined;
  let resolveCaughtUp!: () => void;
  let rejectCaughtUp!: (error: unknown) => void;
  const caughtUp = new Promise<void>((resolve, reject) => {
    resolveCaughtUp = resolve;
    rejectCaughtUp = reject;
  });
  caughtUp.catch(() => undefined); // nobody has to await it: no unhandled rejection when stopped early

  const onNotification = () => {
    notified = true;
    wake?.();
  };

  const sleep = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, tuning.pollIntervalMs);
      wake = done;
    });

  const run = async () => {
    let position = options.after ?? START;
    try {
      await listener.add(onNotification);
      while (!stopped) {
        notified = false;
        const batch = await readAfter(position, tuning.batchSize);
        for (const event of batch) {
          if (stopped) return;
          await options.onEvent(event);
          position = event.position;
        }
        if (batch.length < tuning.batchSize) {
          resolveCaughtUp();
          // A notification that arrived during the read may be for events the read missed: read again.
          if (!notified && !stopped) await sleep();
        }
      }
    } catch (error) {
      if (stopped) return; // a read cut short by stop() (or the pool closing after it) is no failure
      stopped = true;
      rejectCaughtUp(error);
      if (options.onError) options.onError(error);
      else console.error('event store subscription stopped on an error', error);
    } finally {
      rejectCaughtUp(new Error('subscription stopped before it caught up'));
      await listener.remove(onNotification);
    }
  };
  const done = run();

  return {
    caughtUp,
    // Waits for the event in hand to finish; so do not await stop() from inside onEvent.
    async stop() {
      stopped = true;
      wake?.();
      await done;
    },
  };
}
