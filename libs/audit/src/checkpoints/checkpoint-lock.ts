import type { Db } from '@ticketing/postgres';

/** An advisory lock key of its own (any bigint; this one spells nothing but is fixed). */
const CHECKPOINT_LOCK = '7203918824410561001';

/**
 * One writer of checkpoints at a time across processes (the API's schedule, `audit checkpoint`, the catch-up at
 * start): the next one's snapshot then holds the checkpoint before it, and the file gets each line once.
 */
export async function withCheckpointLock<T>(db: Db, work: () => Promise<T>): Promise<T> {
  const lock = await db.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [CHECKPOINT_LOCK]);
    return await work();
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [CHECKPOINT_LOCK]).catch(() => undefined);
    lock.release();
  }
}
