import type { GlobalPosition, RecordedEvent } from '@ticketing/event-store';
import { inTransaction, type Db } from '@ticketing/postgres';
import { applyEvents } from './apply-events.js';
import { lockCheckpoint, lockCheckpoints, saveCheckpoint, saveCheckpoints } from './checkpoints.js';
import { ProjectionVersionMismatchError } from './errors.js';
import { handles, type Projection } from './projection.js';

export type BatchOutcome =
  /** The tables are at `checkpoint` now (possibly further than the batch: another process got there first). */
  | { readonly kind: 'applied'; readonly checkpoint: GlobalPosition }
  /** The checkpoint is behind the batch's start (a rebuild reset it): read again from `checkpoint`. */
  | { readonly kind: 'gap'; readonly checkpoint: GlobalPosition };

/**
 * One batch for one projection in one transaction: lock the checkpoint row, re-read it, apply only the
 * events after it, move it. Rows and checkpoint commit together or not at all, and a second process
 * holding the same batch waits on the lock and then finds nothing left to do.
 */
export async function applyBatch(
  db: Db,
  projection: Projection,
  schema: string,
  batchAfter: GlobalPosition,
  events: readonly RecordedEvent[],
): Promise<BatchOutcome> {
  return inTransaction(db, async (client) => {
    const checkpoint = await lockCheckpoint(client, projection.name);
    if (!checkpoint) throw new Error(`projection ${projection.name} has no checkpoint row: prepare it first`);
    if (checkpoint.version !== projection.version) {
      throw new ProjectionVersionMismatchError(projection.name, checkpoint.version, projection.version);
    }
    // The batch must start at or before the checkpoint, else the events in between were never read.
    if (checkpoint.position < batchAfter) return { kind: 'gap', checkpoint: checkpoint.position };
    const reached = await applyEvents(client, projection, schema, checkpoint.position, events);
    const wroteRows = events.some((e) => e.position > checkpoint.position && handles(projection, e.type));
    if (reached > checkpoint.position) await saveCheckpoint(client, projection.name, reached, wroteRows);
    return { kind: 'applied', checkpoint: reached };
  });
}

/**
 * applyBatch for several projections in one transaction: their checkpoint rows locked in one statement (in
 * name order, so two processes doing the same queue instead of deadlocking), each applied as above, and
 * every moved checkpoint saved in one statement. Under a rush a batch busies several read models at once;
 * this is one transaction instead of one each. Any failure rolls all of them back and throws: the caller
 * then applies them one by one, so one projection's failure stops only that projection.
 */
export async function applyBatchTogether(
  db: Db,
  projections: readonly Projection[],
  schema: string,
  batchAfter: GlobalPosition,
  events: readonly RecordedEvent[],
): Promise<Map<string, BatchOutcome>> {
  return inTransaction(db, async (client) => {
    const checkpoints = new Map((await lockCheckpoints(client, projections.map((p) => p.name))).map((c) => [c.name, c]));
    const outcomes = new Map<string, BatchOutcome>();
    const moved: { name: string; position: GlobalPosition; wroteRows: boolean }[] = [];
    for (const projection of projections) {
      const checkpoint = checkpoints.get(projection.name);
      if (!checkpoint) throw new Error(`projection ${projection.name} has no checkpoint row: prepare it first`);
      if (checkpoint.version !== projection.version) {
        throw new ProjectionVersionMismatchError(projection.name, checkpoint.version, projection.version);
      }
      if (checkpoint.position < batchAfter) {
        outcomes.set(projection.name, { kind: 'gap', checkpoint: checkpoint.position });
        continue;
      }
      const reached = await applyEvents(client, projection, schema, checkpoint.position, events);
      const wroteRows = events.some((e) => e.position > checkpoint.position && handles(projection, e.type));
      if (reached > checkpoint.position) moved.push({ name: projection.name, position: reached, wroteRows });
      outcomes.set(projection.name, { kind: 'applied', checkpoint: reached });
    }
    await saveCheckpoints(client, moved);
    return outcomes;
  });
}
