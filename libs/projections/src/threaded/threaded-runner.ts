import type { Worker } from 'node:worker_threads';
import type { GlobalPosition } from '@ticketing/event-store';
import type { Queryable } from '@ticketing/postgres';
import { readCheckpoints, type Checkpoint } from '../checkpoints.js';
import { ProjectionStoppedError } from '../errors.js';
import type { ProjectionLogger } from '../logger.js';
import { Signal } from '../signal.js';
import { waitForCheckpoints } from '../wait-for.js';
import type { FromRunnerThread } from './messages.js';

const MAX_RESTART_DELAY_MS = 30_000;

/** What the API needs of the runner that follows the log, wherever it runs. */
export interface ProjectionFollower {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Read-your-writes: resolves once every projection's checkpoint is at or past `position`. */
  waitFor(position: GlobalPosition, timeoutMs?: number): Promise<void>;
  checkpoints(): Promise<Checkpoint[]>;
}

export interface ThreadedProjectionRunnerOptions {
  readonly db: Queryable;
  /** The projections the thread runs, by name (their checkpoints are the truth waitFor falls back on). */
  readonly names: readonly string[];
  /** Starts the thread; it calls serveRunnerThread with a ProjectionRunner of the same projections. */
  readonly spawn: () => Worker;
  readonly logger: ProjectionLogger;
  /** Pause before a thread that ended unasked is started again (default 1000 ms). */
  readonly restartDelayMs?: number;
}

/**
 * The projection runner in a thread of its own, so that reading, decoding and applying the log does not
 * take turns with the HTTP requests on the API's event loop: under an on-sale rush that loop is the
 * bottleneck while the machine's other core waits. The thread reports every checkpoint it moves; waitFor
 * answers from those reports, wakes the thread for an append it has not read yet, and falls back on the
 * checkpoint table, as ProjectionRunner.waitFor does, when no report comes (the thread is restarting).
 */
export class ThreadedProjectionRunner implements ProjectionFollower {
  private worker: Worker | undefined;
  private readonly positions = new Map<string, GlobalPosition>();
  private readonly failures = new Map<string, string>();
  private readUpTo: GlobalPosition = 0n;
  private readonly progress = new Signal();
  private running = false;
  private restartTimer: NodeJS.Timeout | undefined;
  /** The pause before the last restart: doubled while threads keep dying soon after they start. */
  private lastDelayMs = 0;

  constructor(private readonly options: ThreadedProjectionRunnerOptions) {}

  /** Resolves once the thread has prepared every projection and follows the log (as ProjectionRunner.start). */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await this.launch();
    } catch (error) {
      this.running = false;
      throw error;
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.restartTimer);
    const worker = this.worker;
    this.worker = undefined;
    if (!worker) return;
    const ended = new Promise<void>((resolve) => {
      worker.once('exit', () => resolve());
      worker.on('message', (message: FromRunnerThread) => message.type === 'stopped' && void worker.terminate());
    });
    worker.postMessage({ type: 'stop' });
    const timeout = setTimeout(() => void worker.terminate(), 10_000);
    await ended;
    clearTimeout(timeout);
  }

  async waitFor(position: GlobalPosition, timeoutMs = 5_000): Promise<void> {
    // the thread learns of appends by NOTIFY; this one is known here first, so say it (unless a batch already holds it)
    if (position > this.readUpTo) this.worker?.postMessage({ type: 'wake' });
    await waitForCheckpoints(this.options.db, this.options.names, position, timeoutMs, {
      local: () => this.localState(position),
      progress: (ms) => this.progress.wait(ms),
    });
  }

  checkpoints(): Promise<Checkpoint[]> {
    return readCheckpoints(this.options.db, this.options.names);
  }

  private launch(): Promise<void> {
    const worker = this.options.spawn();
    this.worker = worker;
    return new Promise<void>((resolve, reject) => {
      let started = false;
      let startedAt: number | undefined;
      worker.on('message', (message: FromRunnerThread) => {
        switch (message.type) {
          case 'started':
            started = true;
            startedAt = Date.now();
            resolve();
            break;
          case 'start-failed':
            reject(new Error(`the projection thread could not start: ${message.message}`));
            void worker.terminate();
            break;
          case 'progress':
            for (const [name, at] of message.positions) this.positions.set(name, BigInt(at));
            this.failures.clear();
            for (const [name, reason] of message.failures) this.failures.set(name, reason);
            this.readUpTo = BigInt(message.readUpTo);
            this.progress.notify();
            break;
          case 'log':
            this.options.logger[message.level](message.entry);
            break;
        }
      });
      worker.on('error', (error) => {
        this.options.logger.error({ msg: `projection thread failed: ${error.message}`, err: error });
        if (!started) reject(error);
      });
      worker.on('exit', (code) => {
        // settles a start that stop() cut short too
        if (!started) reject(new Error(`the projection thread exited with code ${code} before it started`));
        if (this.worker !== worker) return; // stopped on purpose, or replaced
        this.worker = undefined;
        // what the dead thread knew goes with it: the next one reads again from the checkpoints, and retries
        // the projections this one had stopped
        this.failures.clear();
        this.readUpTo = 0n;
        if (!this.running) return;
        // a thread that keeps dying the same way (at start, or on the same batch) is started again less and less
        // often, up to 30 s; one that ran a good while is started again at once
        const ranLong = startedAt !== undefined && Date.now() - startedAt >= MAX_RESTART_DELAY_MS;
        const delay = ranLong ? this.restartDelayMs() : Math.min(Math.max(this.lastDelayMs * 2, this.restartDelayMs()), MAX_RESTART_DELAY_MS);
        this.lastDelayMs = delay;
        this.options.logger.error({ msg: 'projection thread ended unasked: starting it again', code, inMs: delay });
        this.restartTimer = setTimeout(() => {
          if (this.running) this.launch().catch((error: unknown) => this.options.logger.error({ msg: 'projection thread did not start again', err: error }));
        }, delay);
      });
    });
  }

  private restartDelayMs(): number {
    return this.options.restartDelayMs ?? 1_000;
  }

  private localState(position: GlobalPosition): 'reached' | Error | undefined {
    let reached = true;
    for (const name of this.options.names) {
      const known = this.positions.get(name);
      if (known !== undefined && known >= position) continue;
      const failure = this.failures.get(name);
      if (failure) return new ProjectionStoppedError(name, known ?? 0n, failure);
      reached = false;
    }
    return reached ? 'reached' : undefined;
  }
}
