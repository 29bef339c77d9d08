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
  // With a runner in this process, its progress is the common answer: the checkpoint table is read only when
  // a pause went by without it (another process applied the events, or this runner is stuck), so hundreds of
  // waiting commands do not poll the database in a loop.
  for (let pollMs = options.progress ? 25 : 5; ; pollMs = Math.min(pollMs * 2, maxPollMs)) {
    if (localAnswer()) return;
    if (options.progress) {
      await options.progress(Math.max(1, Math.min(pollMs, deadline - Date.now())));
      if (localAnswer()) return;
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
