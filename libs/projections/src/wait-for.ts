import type { GlobalPosition } from '@ticketing/event-store';
import type { Queryable } from '@ticketing/postgres';
import { readCheckpoints } from './checkpoints.js';
import { ProjectionStoppedError, ProjectionWaitTimeoutError } from './errors.js';

export interface WaitForOptions {
  /** Answers from this process's own knowledge: reached, failed, or unknown (ask the database). */
  readonly local?: () => 'reached' | Error | undefined;
  /** Resolves when this process has moved a checkpoint, to look again before the poll interval is up. */
  readonly progress?: (timeoutMs: number) => Promise<void>;
  readonly maxPollMs?: number;
}

/**
 * Resolves once every named projection's checkpoint is at or past `position`. The checkpoint table is the
 * truth, so this works whichever process runs the projections; `local` and `progress` only make the common
 * case (the runner lives in this process) answer without waiting for a poll.
 */
export async function waitForCheckpoints(
  db: Queryable,
  names: readonly string[],
  position: GlobalPosition,
  timeoutMs: number,
  options: WaitForOptions = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const maxPollMs = options.maxPollMs ?? 100;
  const localAnswer = () => {
    const local = options.local?.();
    if (local instanceof Error) throw local;
    return local === 'reached';
  };
  // With a runner in this process, its progress is the answer: it applies every batch itself or, when another
  // process got there first, learns so on its next round. The checkpoint table is read only when a long pause
  // went by without an answer (this runner is stuck), so hundreds of waiting commands do not poll the database.
  for (let pollMs = options.progress ? 500 : 5; ; pollMs = Math.min(pollMs * 2, options.progress ? 1_000 : maxPollMs)) {
    if (localAnswer()) return;
    if (options.progress) {
      // every move of a checkpoint in this process wakes us; the database is asked only once a whole pause passed
      const until = Math.min(Date.now() + pollMs, deadline);
      while (Date.now() < until) {
        await options.progress(Math.max(1, until - Date.now()));
        if (localAnswer()) return;
      }
    }
    const checkpoints = new Map((await readCheckpoints(db, names)).map((c) => [c.name, c]));
    const behind = names
      .map((name) => ({ name, checkpoint: checkpoints.get(name) }))
      .filter(({ checkpoint }) => !checkpoint || checkpoint.position < position);
    if (behind.length === 0) return;
    const stopped = behind.find(({ checkpoint }) => checkpoint?.lastError);
    if (stopped?.checkpoint?.lastError) {
      throw new ProjectionStoppedError(stopped.name, stopped.checkpoint.position, stopped.checkpoint.lastError);
    }
    const remaining = deadline - Date.now();
    if (remaining <= 0) {
      throw new ProjectionWaitTimeoutError(
        position,
        timeoutMs,
        behind.map(({ name, checkpoint }) => ({ name, position: checkpoint?.position ?? null })),
      );
    }
    if (!options.progress) await new Promise((r) => setTimeout(r, Math.min(pollMs, remaining)));
  }
}
