import type { LogEntry } from '../logger.js';

/** From the parent to the runner's thread. */
export type ToRunnerThread = { readonly type: 'wake' } | { readonly type: 'stop' };

/** From the runner's thread to its parent. Positions travel as decimal strings (bigint is cloneable, but keep it plain). */
export type FromRunnerThread =
  | { readonly type: 'started' }
  | { readonly type: 'start-failed'; readonly message: string }
  | {
      readonly type: 'progress';
      readonly positions: readonly (readonly [string, string])[];
      readonly failures: readonly (readonly [string, string])[];
      readonly readUpTo: string;
    }
  | { readonly type: 'log'; readonly level: 'log' | 'warn' | 'error'; readonly entry: LogEntry }
  | { readonly type: 'stopped' };
