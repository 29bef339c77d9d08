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
  for (let pollMs = 5; ; pollMs = Math.min(pollMs * 2, maxPollMs)) {
    const local = options.local?.();
    if (local === 'reached') return;
    if (local instanceof Error) throw local;
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
    const pause = Math.min(pollMs, remaining);
    await (options.progress ? options.progress(pause) : new Promise((r) => setTimeout(r, pause)));
  }
}
