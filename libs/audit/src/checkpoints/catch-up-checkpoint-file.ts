import { inTransaction, type Db } from '@ticketing/postgres';
import { CHECKPOINT_STREAM, toSignedCheckpoint, type SignedCheckpoint } from './checkpoint.js';
import { appendCheckpointLine, lastLinePosition, openCheckpointFile, MAX_EVENT_HASHES, type CheckpointFileLine } from './checkpoint-file.js';
import { withCheckpointLock } from './checkpoint-lock.js';
import { eventHashesBetween } from './log-at-position.js';

/**
 * Makes the checkpoint file whole again at start: the lines it lacks are written from the log, under the lock
 * checkpoints are made with. Fails when the file cannot be written (the API refuses to start in production then).
 * Returns how many lines were written.
 */
export function catchUpCheckpointFile(options: { readonly db: Db; readonly file: string }): Promise<number> {
  return withCheckpointLock(options.db, () => appendMissingLines(options.db, options.file));
}

/**
 * Appends, in log order, every checkpoint of the log after the file's last line (all of them when there is no file
 * yet): the file is written after the log, so a failed write (a full disk, a directory the process may not write)
 * left its line out. Such a line carries the hashes of its window as the log holds them now, marked with
 * `copiedLateAt`: its signature still proves the window, its hashes name an event changed only after the copy.
 * `latest`, the checkpoint just appended to the log, goes in with the hashes read when it was signed. Call it under
 * withCheckpointLock. Returns how many lines were written.
 */
export async function appendMissingLines(db: Db, file: string, latest?: CheckpointFileLine): Promise<number> {
  // fails here where the file cannot be written, also when no line is missing
  await openCheckpointFile(file);
  const last = await lastLinePosition(file);
  return inTransaction(db, async (client) => {
    await client.query('set transaction isolation level repeatable read, read only');
    const { rows } = await client.query<{ data: Record<string, unknown> }>('select data from events where stream_id = $1 order by revision', [CHECKPOINT_STREAM]);
    let written = 0;
    let after = 0n;
    const copiedLateAt = new Date().toISOString();
    for (const row of rows) {
      let checkpoint: SignedCheckpoint;
      try {
        checkpoint = toSignedCheckpoint(row.data);
      } catch {
        continue; // verify-log --checkpoints names an unreadable one
      }
      const position = BigInt(checkpoint.position);
      if (position > last) {
        if (latest && latest.signature === checkpoint.signature) {
          await appendCheckpointLine(file, latest);
        } else {
          const window = await eventHashesBetween(client, after, position, MAX_EVENT_HASHES);
          const line: CheckpointFileLine = { ...checkpoint, after: String(after), ...(window.hashes ? { eventHashes: window.hashes } : { eventHashesOmitted: window.count }), copiedLateAt };
          await appendCheckpointLine(file, line);
        }
        written++;
      }
      after = position;
    }
    return written;
  });
}
