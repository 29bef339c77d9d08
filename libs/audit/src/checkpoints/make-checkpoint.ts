import { randomUUID } from 'node:crypto';
import type { EventStore } from '@ticketing/event-store';
import { inTransaction, type Db, type DbClient } from '@ticketing/postgres';
import { CHECKPOINT_EVENT, CHECKPOINT_STREAM, signCheckpoint, type SignedCheckpoint } from './checkpoint.js';
import { appendMissingLines } from './catch-up-checkpoint-file.js';
import { MAX_EVENT_HASHES, type CheckpointFileLine } from './checkpoint-file.js';
import { withCheckpointLock } from './checkpoint-lock.js';
import { headsRoot } from './merkle.js';
import { eventHashesBetween, headsAt, lastCheckpointPosition, logHead } from './log-at-position.js';
import type { CheckpointSigner } from './signing-key.js';

export interface MakeCheckpointOptions {
  /** The PostgreSQL log (checkpoints read its tables: they are a PostgreSQL-only service, see the README). */
  readonly db: Db;
  /** Where the checkpoint is appended (stream `$checkpoints`). */
  readonly store: EventStore;
  readonly signer: CheckpointSigner;
  /** The append-only copy outside the database. */
  readonly file: string;
  /** Who asked: `system:audit-checkpoints` on the schedule, `operator:cli` on demand. */
  readonly actor: string;
  /** Skip when nothing but checkpoints was appended since the last one (the schedule; on demand always signs). */
  readonly onlyIfChanged?: boolean;
}

export interface MadeCheckpoint {
  readonly checkpoint: SignedCheckpoint;
  /** Where the checkpoint's own event landed in the log. */
  readonly eventPosition: bigint;
  readonly file: string;
}

/**
 * Signs the log as it stands: in one snapshot, its head (position and log chain link), the stream heads as of that
 * position and the events since the last checkpoint; then appends the signed checkpoint to the log and to the file,
 * after any line the file lacks (appendMissingLines: a write that failed before is made good here).
 * Null when `onlyIfChanged` and the log did not move but for the last checkpoint's own event.
 */
export function makeCheckpoint(options: MakeCheckpointOptions): Promise<MadeCheckpoint | null> {
  // one at a time across processes: the next one's snapshot then holds the checkpoint before it, so no two
  // checkpoints share a position and an idle log is seen as idle
  return withCheckpointLock(options.db, () => makeLocked(options));
}

async function makeLocked(options: MakeCheckpointOptions): Promise<MadeCheckpoint | null> {
  const made = await inTransaction(options.db, async (client) => {
    await client.query('set transaction isolation level repeatable read, read only');
    const head = await logHead(client);
    const after = await lastCheckpointPosition(client);
    if (options.onlyIfChanged && (await onlyCheckpointsSince(client, after, head.position))) return null;
    const heads = await headsAt(client, head.position);
    const window = await eventHashesBetween(client, after, head.position, MAX_EVENT_HASHES);
    const checkpoint = signCheckpoint(
      { position: String(head.position), time: head.time, logHash: head.logHash, headsRoot: headsRoot(heads), streams: heads.length },
      options.signer,
    );
    return { checkpoint, after, window };
  });
  if (!made) {
    // an idle log: no new checkpoint, but the lines a failed write left out are written now
    await appendMissingLines(options.db, options.file);
    return null;
  }
  const { checkpoint, after, window } = made;
  const id = randomUUID();
  const appended = await options.store.append(CHECKPOINT_STREAM, [
    { id, type: CHECKPOINT_EVENT, data: { ...checkpoint }, metadata: { correlationId: id, causationId: id, occurredAt: new Date().toISOString(), actor: options.actor } },
  ]);
  const line: CheckpointFileLine = {
    ...checkpoint,
    after: String(after),
    ...(window.hashes ? { eventHashes: window.hashes } : { eventHashesOmitted: window.count }),
  };
  // after the lines the file lacks (a write that failed before), this one with the hashes read when it was signed
  await appendMissingLines(options.db, options.file, line);
  return { checkpoint, eventPosition: appended.position, file: options.file };
}

/** Every event after the last checkpoint's position is a checkpoint's own (or there is none): nothing to sign anew. */
async function onlyCheckpointsSince(client: DbClient, after: bigint, head: bigint): Promise<boolean> {
  if (after === 0n) return head === 0n;
  const { rows } = await client.query('select 1 from events where position > $1 and position <= $2 and stream_id <> $3 limit 1', [String(after), String(head), CHECKPOINT_STREAM]);
  return rows.length === 0;
}
