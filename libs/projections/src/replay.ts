import type { EventStore, GlobalPosition } from '@ticketing/event-store';
import type { DbClient } from '@ticketing/postgres';
import { applyEvents } from './apply-events.js';
import type { Projection } from './projection.js';
import type { ReplayProgress } from './runner.js';

export interface ReplayRange {
  /** Replay the events strictly after this position ... */
  readonly after: GlobalPosition;
  /** ... up to and including this one. */
  readonly until: GlobalPosition;
  readonly batchSize: number;
}

/**
 * Replays a range of the log into the projection's tables in `schema`, through `client` (the caller owns
 * the transaction). Used for scratch copies, which have no checkpoint row: the returned position is theirs.
 */
export async function replayInto(
  client: DbClient,
  store: EventStore,
  projection: Projection,
  schema: string,
  range: ReplayRange,
  onPage?: (progress: ReplayProgress) => void,
): Promise<GlobalPosition> {
  let reached = range.after;
  let events = 0;
  while (reached < range.until) {
    const batch = await store.readAll({ after: reached, maxCount: range.batchSize });
    const inRange = batch.filter((e) => e.position <= range.until);
    if (inRange.length === 0) break;
    reached = await applyEvents(client, projection, schema, reached, inRange);
    events += inRange.length;
    onPage?.({ position: reached, events });
    if (inRange.length < batch.length) break;
  }
  return reached;
}
