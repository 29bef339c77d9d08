import { writeFileSync } from 'node:fs';
import type { LogEntry, ProjectionLogger } from '../logger.js';
import type { ProjectionRunner, RunnerProgress } from '../runner.js';
import type { FromRunnerThread, ToRunnerThread } from './messages.js';

/** The side of a MessagePort a runner's thread talks through (worker_threads' parentPort). */
export interface ThreadPort {
  postMessage(message: FromRunnerThread): void;
  on(event: 'message', listener: (message: ToRunnerThread) => void): unknown;
}

/** Logs in the parent's logger: errors are sent as their message, code and stack (an Error does not clone whole). */
export function threadLogger(port: ThreadPort): ProjectionLogger {
  const send = (level: 'log' | 'warn' | 'error') => (entry: LogEntry) => {
    try {
      port.postMessage({ type: 'log', level, entry: plain(entry) });
    } catch {
      port.postMessage({ type: 'log', level, entry: { msg: entry.msg } }); // a detail that does not clone
    }
  };
  return { log: send('log'), warn: send('warn'), error: send('error') };
}

/** Reports every move of the runner to the parent (pass as the runner's onProgress). */
export function threadProgress(port: ThreadPort): (progress: RunnerProgress) => void {
  return (progress) =>
    port.postMessage({
      type: 'progress',
      positions: [...progress.positions].map(([name, position]) => [name, position.toString()] as const),
      failures: [...progress.failures],
      readUpTo: progress.readUpTo.toString(),
    });
}

/** What the operating system calls a runner's thread (Linux: `top -H`, `ps -L`, bench/rush's CPU per thread). */
export const RUNNER_THREAD_NAME = 'projections';

/**
 * Runs `runner` in this thread for the parent's ThreadedProjectionRunner: names the thread, starts the runner, wakes
 * it when told, and stops it, then `close` (the thread's pool), when told to stop.
 */
export function serveRunnerThread(port: ThreadPort, runner: ProjectionRunner, close: () => Promise<void>): void {
  nameThread(RUNNER_THREAD_NAME);
  port.on('message', (message) => {
    if (message.type === 'wake') runner.wake();
    else if (message.type === 'stop') {
      void runner
        .stop()
        .then(close)
        .finally(() => port.postMessage({ type: 'stopped' }));
    }
  });
  runner.start().then(
    () => port.postMessage({ type: 'started' }),
    (error: unknown) => port.postMessage({ type: 'start-failed', message: error instanceof Error ? error.message : String(error) }),
  );
}

/**
 * Every thread of a node process is called `node` otherwise (V8's compiler and collector helpers too), so its CPU
 * cannot be told apart from theirs. Linux only: elsewhere the thread stays unnamed.
 */
function nameThread(name: string): void {
  try {
    writeFileSync('/proc/thread-self/comm', name);
  } catch {
    // not Linux, or no /proc: a name is only a convenience
  }
}

function plain(entry: LogEntry): LogEntry {
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entry)) {
    copy[key] =
      value instanceof Error
        ? { message: value.message, name: value.name, code: (value as { code?: unknown }).code, stack: value.stack }
        : typeof value === 'bigint'
          ? value.toString()
          : value;
  }
  return copy as LogEntry;
}
