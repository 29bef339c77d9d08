import type { KeyObject } from 'node:crypto';
import { GENESIS_HASH, linkInLog } from '@ticketing/event-store';
import { inTransaction, type Db, type DbClient } from '@ticketing/postgres';
import { CHECKPOINT_STREAM, signatureProblem, toSignedCheckpoint, type SignedCheckpoint } from './checkpoint.js';
import type { CheckpointFileLine } from './checkpoint-file.js';
import { headsRoot, type HeadLeaf } from './merkle.js';

export type CheckpointProblemKind = 'signature' | 'log-differs' | 'missing-in-file' | 'missing-in-log' | 'file-differs' | 'unreadable';

export interface CheckpointProblem {
  readonly kind: CheckpointProblemKind;
  /** The checkpoint's position (its signed one), where known. */
  readonly checkpoint: string | null;
  readonly detail: string;
  /** The first event found to disagree, where one can be named. */
  readonly event?: { readonly streamId: string; readonly revision: number; readonly position: string };
}

export interface CheckpointVerification {
  readonly ok: boolean;
  readonly checkpoints: number;
  readonly eventsRead: number;
  readonly problems: readonly CheckpointProblem[];
}

export interface VerifyCheckpointsOptions {
  readonly db: Db;
  /** The trusted public key (the configured signing key's, or one given): never the one a checkpoint carries. */
  readonly publicKey: KeyObject;
  /**
   * The checkpoint file's lines, when it is to be checked (and compared with the log); read without their event
   * hashes (readCheckpointFile's `eventHashes: false`), which `eventHashesAt` gives for the one checkpoint that needs them.
   */
  readonly file?: readonly CheckpointFileLine[];
  readonly eventHashesAt?: (position: string) => Promise<CheckpointFileLine | undefined>;
  readonly onProgress?: (position: bigint, end: bigint) => void;
}

interface ToCheck {
  readonly checkpoint: SignedCheckpoint;
  readonly position: bigint;
  /** From the file: the event hashes can be asked for. */
  readonly inFile: boolean;
}

/** The first checkpoint the log disagrees with after agreeing with the one before: where the change is to be named. */
interface ToName {
  readonly problem: number;
  readonly checkpoint: string;
  /** The events after this position up to the checkpoint's are the ones the change lies among. */
  readonly after: bigint;
  /** What disagrees, without the window the change lies in (the named event replaces it). */
  readonly differences: string;
}

const PAGE = 10_000;

/**
 * Proves that the log up to each checkpoint is the one that was signed. For every checkpoint (the file's when given,
 * else the log's; the two compared when both), checks its signature against the trusted key, then recomputes from the
 * stored events, in one pass in position order, the stream heads as of its position (their Merkle root) and the
 * log chain's link there. An event rewritten with every later hash and head recomputed passes `verify-log` but not
 * this: the first checkpoint after it disagrees, and the file's event hashes name the event.
 */
export function verifyCheckpoints(options: VerifyCheckpointsOptions): Promise<CheckpointVerification> {
  return inTransaction(options.db, async (client) => {
    await client.query('set transaction isolation level repeatable read, read only');
    const problems: CheckpointProblem[] = [];
    const toCheck = await checkpointsToCheck(client, options.file, problems);
    for (const { checkpoint } of toCheck) {
      const wrong = signatureProblem(checkpoint, options.publicKey);
      if (wrong) problems.push({ kind: 'signature', checkpoint: checkpoint.position, detail: wrong });
    }
    const { read: eventsRead, toName } = await recompute(client, toCheck, problems, options.onProgress);
    if (toName && options.eventHashesAt) await nameTheEvent(client, toName, problems, options.eventHashesAt);
    return { ok: problems.length === 0, checkpoints: toCheck.length, eventsRead, problems };
  });
}

async function checkpointsToCheck(client: DbClient, file: readonly CheckpointFileLine[] | undefined, problems: CheckpointProblem[]): Promise<ToCheck[]> {
  const { rows } = await client.query<{ position: string; data: Record<string, unknown> }>(
    'select position, data from events where stream_id = $1 order by position',
    [CHECKPOINT_STREAM],
  );
  const inLog = new Map<string, SignedCheckpoint>();
  for (const row of rows) {
    try {
      const checkpoint = toSignedCheckpoint(row.data);
      inLog.set(checkpoint.position, checkpoint);
    } catch (error) {
      problems.push({ kind: 'unreadable', checkpoint: null, detail: `the checkpoint event at position ${row.position}: ${(error as Error).message}` });
    }
  }
  if (!file) return sorted([...inLog.values()].map((checkpoint) => ({ checkpoint, position: BigInt(checkpoint.position), inFile: false })));

  const inFile = new Map(file.map((line) => [line.position, line]));
  for (const [position, checkpoint] of inLog) {
    const line = inFile.get(position);
    if (!line) problems.push({ kind: 'missing-in-file', checkpoint: position, detail: 'in the log, not in the checkpoint file' });
    else if (line.signature !== checkpoint.signature) problems.push({ kind: 'file-differs', checkpoint: position, detail: 'the log and the checkpoint file hold different checkpoints at this position' });
  }
  for (const position of inFile.keys()) {
    if (!inLog.has(position)) problems.push({ kind: 'missing-in-log', checkpoint: position, detail: 'in the checkpoint file, no longer in the log' });
  }
  return sorted([
    ...file.map((line) => ({ checkpoint: line, position: BigInt(line.position), inFile: true })),
    ...[...inLog.values()].filter((c) => !inFile.has(c.position)).map((checkpoint) => ({ checkpoint, position: BigInt(checkpoint.position), inFile: false })),
  ]);
}

function sorted(list: ToCheck[]): ToCheck[] {
  return list.sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0));
}

/**
 * One pass over the log up to the last checkpoint: the heads and the log link move with each event, and at each
 * checkpoint's position they are compared with what it signed. Memory: one head per stream, nothing per event.
 */
async function recompute(
  client: DbClient,
  toCheck: readonly ToCheck[],
  problems: CheckpointProblem[],
  onProgress?: (position: bigint, end: bigint) => void,
): Promise<{ read: number; toName: ToName | null }> {
  const end = toCheck.at(-1)?.position ?? 0n;
  const heads = new Map<string, HeadLeaf>();
  let link = GENESIS_HASH;
  /** The last checkpoint the log agreed with: a change lies after it. */
  let agreedUpTo = 0n;
  let previous = 0n;
  let toName: ToName | null = null;
  let read = 0;
  let next = 0;
  let after = 0n;
  /** Checks every checkpoint at or before `upTo`, all events up to `after` applied and none after it. */
  const checkUpTo = (upTo: bigint) => {
    while (next < toCheck.length && toCheck[next]!.position <= upTo) {
      const item = toCheck[next++]!;
      const differences = item.position > after ? [`no event at its position: the log holds none between ${after} and ${upTo + 1n} (events were removed)`] : differencesAt(item.checkpoint, heads, link);
      if (differences.length === 0) {
        agreedUpTo = item.position;
      } else {
        const first = agreedUpTo === previous;
        const where = first
          ? `: an event after position ${agreedUpTo} up to ${item.checkpoint.position} was changed, removed or added${item.inFile ? '' : ' (not named: the checkpoint file, whose event hashes name it, holds no line for this checkpoint or was not read)'}`
          : ' (the same change as at the checkpoint before, or another)';
        if (first && item.inFile && !toName) toName = { problem: problems.length, checkpoint: item.checkpoint.position, after: agreedUpTo, differences: differences.join('; ') };
        problems.push({ kind: 'log-differs', checkpoint: item.checkpoint.position, detail: differences.join('; ') + where });
      }
      previous = item.position;
    }
  };
  while (after < end) {
    const { rows } = await client.query<{ position: string; stream_id: string; revision: number; hash: string }>(
      'select position, stream_id, revision, hash from events where position > $1 and position <= $2 order by position limit $3',
      [String(after), String(end), PAGE],
    );
    for (const row of rows) {
      const position = BigInt(row.position);
      checkUpTo(position - 1n);
      heads.set(row.stream_id, { streamId: row.stream_id, revision: row.revision, hash: row.hash });
      link = linkInLog(link, position, row.hash);
      after = position;
    }
    read += rows.length;
    onProgress?.(after, end);
    if (rows.length < PAGE) break;
  }
  checkUpTo(end);
  return { read, toName };
}

function differencesAt(checkpoint: SignedCheckpoint, heads: ReadonlyMap<string, HeadLeaf>, link: string): string[] {
  const leaves = [...heads.values()];
  const differences: string[] = [];
  if (headsRoot(leaves) !== checkpoint.headsRoot) differences.push(`the stream heads as of position ${checkpoint.position} are not the ones signed (${leaves.length} stream(s) now, ${checkpoint.streams} signed)`);
  if (link !== checkpoint.logHash) differences.push(`the log chain at position ${checkpoint.position} is not the one signed`);
  return differences;
}

/**
 * Names the change at the first checkpoint the log disagrees with: the first event since the checkpoint before
 * whose stored hash is not the one the file recorded when it was signed, one that the log no longer holds
 * (`$log`, revision -1), or one that was not there.
 */
async function nameTheEvent(client: DbClient, toName: ToName, problems: CheckpointProblem[], eventHashesAt: (position: string) => Promise<CheckpointFileLine | undefined>): Promise<void> {
  const line = await eventHashesAt(toName.checkpoint);
  if (!line?.eventHashes) return;
  const from = BigInt(line.after) > toName.after ? BigInt(line.after) : toName.after;
  const { rows } = await client.query<{ position: string; stream_id: string; revision: number; hash: string }>(
    'select position, stream_id, revision, hash from events where position > $1 and position <= $2 order by position',
    [String(from), toName.checkpoint],
  );
  const stored = new Map(rows.map((row) => [row.position, row]));
  const named = (position: string, row?: { stream_id: string; revision: number }) => ({ streamId: row?.stream_id ?? '$log', revision: row?.revision ?? -1, position });
  let event: CheckpointProblem['event'] | undefined;
  for (const [position, hash] of line.eventHashes) {
    if (BigInt(position) <= from) continue;
    const row = stored.get(position);
    if (!row || row.hash !== hash) {
      event = named(position, row);
      break;
    }
  }
  if (!event) {
    const recorded = new Set(line.eventHashes.map(([position]) => position));
    const added = rows.find((row) => !recorded.has(row.position));
    if (added) event = named(added.position, added);
  }
  if (!event) return;
  problems[toName.problem] = { ...problems[toName.problem]!, detail: toName.differences, event };
}
