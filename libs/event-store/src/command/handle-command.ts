import { WrongExpectedRevisionError, type GlobalPosition } from '../port.js';

/** What a command decided on the state it loaded: its answer, and what to write (nothing when it changes nothing). */
export interface Decision<Result> {
  readonly result: Result;
  /** Writes the decided events with the revision the state was loaded at; the position written, null when none was. */
  readonly append?: () => Promise<{ readonly position: GlobalPosition | null }>;
}

export interface CommandRun<State, Result> {
  /** Reads the stream(s) the decision needs and folds them, with the revision to append at. */
  load(): Promise<State>;
  /** Decides on the loaded state; a refusal is a thrown domain error. */
  decide(state: State): Decision<Result> | Promise<Decision<Result>>;
  /** After a write: e.g. wait until the read models show it, so the caller's next read sees it. */
  written?(position: GlobalPosition): Promise<void>;
  /** Loads, decisions and appends in all before a conflict is let through (default 3). */
  readonly attempts?: number;
}

/**
 * The one way a command handler writes: load the state, decide, append with the expected revision; when another
 * writer appended between the read and the append (WrongExpectedRevisionError), load and decide again on what it
 * wrote, a bounded number of times. A decision is never appended on a state it was not taken on.
 */
export async function handleCommand<State, Result>(run: CommandRun<State, Result>): Promise<Result> {
  const attempts = run.attempts ?? 3;
  for (let attempt = 1; ; attempt++) {
    const { result, append } = await run.decide(await run.load());
    if (!append) return result;
    let position: GlobalPosition | null;
    try {
      ({ position } = await append());
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError && attempt < attempts) continue;
      throw error;
    }
    if (position !== null && run.written) await run.written(position);
    return result;
  }
}
