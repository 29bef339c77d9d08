import { excludeSystemEvents, START as KURRENT_START, type KurrentDBClient } from '@kurrent/kurrentdb-client';
import type { SubjectKeyVault } from '../personal-data/subject-key-vault.js';
import { START, type GlobalPosition, type SubscribeOptions, type Subscription } from '../port.js';
import { fromResolved, toRecordedEvents } from './kurrentdb-events.js';

/** A read or subscription start point: KurrentDB takes a commit/prepare pair, ours is the commit position alone. */
export function fromPosition(after: GlobalPosition) {
  return after === START ? KURRENT_START : { commit: after, prepare: after };
}

/**
 * KurrentDB's own catch-up subscription to $all (it switches to live by itself). Consumed as an async
 * iterator, so onEvent runs one event at a time with back-pressure. `caughtUp` resolves once the head position
 * taken at start is delivered: the server's own caught-up signal is not sent by every server version.
 */
export function subscribeToKurrentAll(
  client: KurrentDBClient,
  vault: SubjectKeyVault,
  headPosition: () => Promise<GlobalPosition>,
  options: SubscribeOptions,
): Subscription {
  const after = options.after ?? START;
  let stopped = false;
  let unsubscribe: (() => Promise<void>) | undefined;
  let resolveCaughtUp!: () => void;
  let rejectCaughtUp!: (error: unknown) => void;
  const caughtUp = new Promise<void>((resolve, reject) => {
    resolveCaughtUp = resolve;
    rejectCaughtUp = reject;
  });
  caughtUp.catch(() => undefined);

  const run = async () => {
    try {
      const head = await headPosition();
      if (head <= after) resolveCaughtUp();
      if (stopped) return;
      const subscription = client.subscribeToAll({ fromPosition: fromPosition(after), filter: excludeSystemEvents() });
      unsubscribe = () => subscription.unsubscribe();
      for await (const resolved of subscription) {
        if (stopped) break;
        const event = fromResolved(resolved);
        // The start position is exclusive on the server; the check keeps it so whatever the server version.
        if (!event || event.position <= after) continue;
        const [recorded] = await toRecordedEvents([event], vault);
        await options.onEvent(recorded!);
        if (event.position >= head) resolveCaughtUp();
      }
    } catch (error) {
      if (stopped) return; // unsubscribing cancels the call: not an error
      stopped = true;
      rejectCaughtUp(error);
      if (options.onError) options.onError(error);
      else console.error('event store subscription stopped on an error', error);
    } finally {
      rejectCaughtUp(new Error('subscription stopped before it caught up'));
      await unsubscribe?.().catch(() => undefined);
    }
  };
  const done = run();

  return {
    caughtUp,
    async stop() {
      stopped = true;
      await unsubscribe?.().catch(() => undefined);
      await done;
    },
  };
}
