import type { EventStore, GlobalPosition, RecordedEvent, Subscription } from '@ticketing/event-store';
import type { Db } from '@ticketing/postgres';
import { applyBatch, applyBatchTogether } from './apply-batch.js';
import { advanceIdleCheckpoints, readCheckpoints, recordFailure, type Checkpoint } from './checkpoints.js';
import { ProjectionStoppedError } from './errors.js';
import { pinoProjectionLogger, type ProjectionLogger } from './logger.js';
import { prepareProjection, resetProjection } from './prepare.js';
import { handles, type Projection } from './projection.js';
import { assignLanes } from './replay-lanes.js';
import { SharedPages, type PageReader } from './shared-pages.js';
import { Signal } from './signal.js';
import { LIVE_SCHEMA } from './sql-names.js';
import { isTransient } from './transient.js';
import { verifyProjection, type VerifyReport } from './verify.js';
import { waitForCheckpoints } from './wait-for.js';

export interface ProjectionRunnerOptions {
  readonly db: Db;
  readonly store: EventStore;
  readonly projections: readonly Projection[];
  /** Schema of the live tables (default `public`). */
  readonly schema?: string;
  /** Events read from the log and applied per transaction while following it (default 500). */
  readonly batchSize?: number;
  /**
   * Events read per page, and applied per transaction, by `catchUp`, `rebuild` and `verify` (default 10,000): a
   * replay of the whole log pays one round trip per page and statement, not per event. Default: `batchSize` when
   * that is given, else 10,000.
   */
  readonly replayPageSize?: number;
  /** Lanes of read models a replay applies side by side (default 3: see catchUp). */
  readonly replayLanes?: number;
  /**
   * How the runner learns of new events: `subscription` (the store's watchAppends, else subscribeToAll, with a
   * slow poll as a safety net)
   * or `polling` only. Appends made in this process wake it at once either way, through `waitFor`.
   */
  readonly wakeUps?: 'subscription' | 'polling';
  /** Longest pause between two looks at the log (default 1000 ms with a subscription, 100 ms polling). */
  readonly pollIntervalMs?: number;
  /**
   * Shortest time from the end of one batch to the start of the next when no `waitFor` asks for it (default 20 ms).
   * Under a rush every append wakes the runner; spaced out, one batch takes the appends of several, so its statements
   * (read, checkpoints, the transaction) are paid once for all of them (bench/rush README, session 23). A `waitFor`,
   * or a first append after a quiet moment, is read at once.
   */
  readonly batchSpacingMs?: number;
  readonly logger?: ProjectionLogger;
  /** Told every time a checkpoint moves or a projection stops in this runner (a thread reports it to its parent). */
  readonly onProgress?: (progress: RunnerProgress) => void;
}

/** What a runner knows after a move: every checkpoint it committed or learnt of, the stopped ones, how far it read. */
/** How far a replay (`catchUp`, `rebuild`, `verify`) has come: told after every page. */
export interface ReplayProgress {
  /** Position of the last event of the page just applied. */
  readonly position: GlobalPosition;
  /** Events read so far by this replay. */
  readonly events: number;
}

export interface RunnerProgress {
  readonly positions: ReadonlyMap<string, GlobalPosition>;
  readonly failures: ReadonlyMap<string, string>;
  readonly readUpTo: GlobalPosition;
}

const MAX_BACKOFF_MS = 5_000;

/**
 * Pages a lane may be ahead of the slowest in a replay: none. The lanes apply the same page side by side while the
 * next one is read; letting a lane run a page ahead held a page more of events and measured no faster (bench/replay
 * README, session 21: 43,576-44,803 against 43,514-47,776 events/s, 70 MiB more).
 */
const REPLAY_LEAD = 1;

/**
 * Follows the global log and keeps every projection's tables and checkpoint moving together. Safe to run
 * in several processes at once (each batch locks the projection's checkpoint row and re-reads it), and
 * safe to kill at any moment (a batch commits whole or not at all, and the next run resumes after the
 * last committed checkpoint).
 */
export class ProjectionRunner {
  private readonly db: Db;
  private readonly store: EventStore;
  private readonly projections: readonly Projection[];
  private readonly schema: string;
  private readonly batchSize: number;
  private readonly replayPageSize: number;
  private readonly replayLanes: number;
  private readonly wakeUps: 'subscription' | 'polling';
  private readonly pollIntervalMs: number;
  private readonly batchSpacingMs: number;
  private readonly logger: ProjectionLogger;
  private readonly onProgress: ((progress: RunnerProgress) => void) | undefined;
  /** Last committed checkpoint of each projection as this process knows it. */
  private readonly positions = new Map<string, GlobalPosition>();
  /** Projections stopped on an error in this process; they stay stopped until a restart or a rebuild. */
  private readonly failures = new Map<string, Error>();
  /** Furthest position a batch of this process has read: appends up to it need no wake-up. */
  private readUpTo: GlobalPosition = 0n;
  private readonly wakeUp = new Signal();
  /** Told by waitFor and wake: a command waits for the next batch, which skips the spacing. */
  private readonly urgent = new Signal();
  private readonly progress = new Signal();
  private readonly stopping = new Signal();
  private prepared: Promise<void> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private running = false;
  private loopDone: Promise<void> | undefined;
  private subscription: Subscription | undefined;

  constructor(options: ProjectionRunnerOptions) {
    this.db = options.db;
    this.store = options.store;
    this.projections = options.projections;
    this.schema = options.schema ?? LIVE_SCHEMA;
    this.batchSize = options.batchSize ?? 500;
    // a runner given small batches (tests of batch edges) replays in them too
    this.replayPageSize = options.replayPageSize ?? options.batchSize ?? 10_000;
    this.replayLanes = options.replayLanes ?? 3;
    this.wakeUps = options.wakeUps ?? 'subscription';
    this.pollIntervalMs = options.pollIntervalMs ?? (this.wakeUps === 'subscription' ? 1_000 : 100);
    this.batchSpacingMs = options.batchSpacingMs ?? 20;
    this.logger = options.logger ?? pinoProjectionLogger();
    this.onProgress = options.onProgress;
    assertDistinct(this.projections);
  }

  /** Prepares every projection (rebuilding those whose version changed) and follows the log until `stop`. */
  async start(): Promise<void> {
    if (this.running) return;
    await this.prepare();
    this.running = true;
    if (this.wakeUps === 'subscription') await this.subscribe();
    this.loopDone = this.loop();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.stopping.notify();
    this.wakeUp.notify();
    this.urgent.notify();
    await this.subscription?.stop().catch(() => undefined);
    this.subscription = undefined;
    await this.loopDone;
  }

  /**
   * Applies everything in the log now, in pages of `replayPageSize`, then resolves; for the CLI and tests, which do
   * not follow the log. `onPage` is told after each page. The read models go in lanes (`replayLanes`): each lane
   * applies a page to its read models in one transaction of its own, on its own connection, while the other lanes
   * apply theirs, so that this process folds one lane's events while PostgreSQL writes another's rows. Each page is
   * read once for every lane, and the next one while it is applied.
   */
  async catchUp(onPage?: (progress: ReplayProgress) => void): Promise<void> {
    await this.prepare();
    await this.exclusive(async () => {
      const progress = { events: 0 };
      // a pass ends on an empty page; a read model found behind its page (reset by another process) is read again
      for (let more = true; more; ) more = await this.replayPass(progress, onPage);
    });
  }

  /** One pass of catchUp from the lowest checkpoint to the head; false when there was nothing left to read. */
  private async replayPass(progress: { events: number }, onPage?: (progress: ReplayProgress) => void): Promise<boolean> {
    const active = this.projections.filter((p) => !this.failures.has(p.name));
    if (active.length === 0) return false;
    const after = this.lowestCheckpoint(active);
    const read: PageReader = (from, size) => this.store.readAll({ after: from, maxCount: size });
    const first = await read(after, this.replayPageSize);
    if (first.length === 0) {
      // Nothing new: a cheap moment to learn what other processes did (moved or reset checkpoints).
      await this.refreshPositions();
      return false;
    }
    const lanes = assignLanes(active, first, this.replayLanes);
    const pages = new SharedPages(read, { after, events: first }, this.replayPageSize, lanes.length, REPLAY_LEAD);
    const settled = await Promise.allSettled(
      lanes.map(async (lane, laneIndex) => {
        try {
          for (let index = 0; ; index++) {
            const page = await pages.take(index);
            const last = page.events[page.events.length - 1]?.position;
            if (last === undefined) return;
            if (last > this.readUpTo) this.readUpTo = last;
            await this.applyPage(
              lane.filter((p) => !this.failures.has(p.name)),
              page.after,
              page.events,
            );
            if (pages.finish(laneIndex, index)) {
              progress.events += page.events.length;
              onPage?.({ position: last, events: progress.events });
            }
          }
        } catch (error) {
          pages.fail(error);
          throw error;
        }
      }),
    );
    const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) throw failed.reason;
    return true;
  }

  /**
   * Read-your-writes: resolves when every projection's checkpoint is at or past `position` (the position
   * an append returned). Works when another process runs the projections, by polling the checkpoint table;
   * when this process runs them it answers as soon as its own batch commits.
   */
  async waitFor(position: GlobalPosition, timeoutMs = 5_000): Promise<void> {
    // a batch already read holds the position: waking the loop would only make it read an empty page
    if (position > this.readUpTo) this.wake();
    await waitForCheckpoints(
      this.db,
      this.projections.map((p) => p.name),
      position,
      timeoutMs,
      { local: () => this.localState(position), progress: (ms) => this.progress.wait(ms) },
    );
  }

  /** Looks at the log now: an append this runner's process made elsewhere (another thread) is waiting for it. */
  wake(): void {
    this.wakeUp.notify();
    this.urgent.notify();
  }

  /**
   * Drops and recreates the tables of the named projections, replays the whole log into them, and resolves when
   * done. Several at once read the log once: each page is applied to all of them in one transaction.
   */
  async rebuild(names: string | readonly string[], onPage?: (progress: ReplayProgress) => void): Promise<void> {
    const projections = (typeof names === 'string' ? [names] : names).map((name) => this.byName(name));
    await this.prepare();
    await this.exclusive(async () => {
      for (const projection of projections) {
        await resetProjection(this.db, projection, this.schema);
        this.positions.set(projection.name, 0n);
        this.failures.delete(projection.name);
        this.logger.log({ msg: 'projection reset: replaying the log', projection: projection.name, version: projection.version });
      }
    });
    await this.catchUp(onPage);
    const failure = projections.map((p) => this.failures.get(p.name)).find((f) => f !== undefined);
    if (failure) throw failure;
  }

  /** Rebuilds the projection in a scratch schema and compares it with the live tables. */
  async verify(name: string, onPage?: (progress: ReplayProgress) => void): Promise<VerifyReport> {
    return verifyProjection(this.db, this.store, this.byName(name), this.schema, this.replayPageSize, onPage);
  }

  /** The stored checkpoints of this runner's projections (a projection that never ran has none). */
  async checkpoints(): Promise<Checkpoint[]> {
    return readCheckpoints(this.db, this.projections.map((p) => p.name));
  }

  private byName(name: string): Projection {
    const projection = this.projections.find((p) => p.name === name);
    if (!projection) throw new Error(`no projection named ${name} (known: ${this.projections.map((p) => p.name).join(', ')})`);
    return projection;
  }

  /** One caller at a time reads and applies batches in this process; other processes are kept out by the row lock. */
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const result = this.queue.then(work);
    this.queue = result.catch(() => undefined);
    return result;
  }

  private prepare(): Promise<void> {
    this.prepared ??= this.exclusive(async () => {
      for (const projection of this.projections) {
        try {
          const outcome = await prepareProjection(this.db, projection, this.schema);
          if (outcome !== 'ready') this.logger.log({ msg: `projection ${projection.name}: tables ${outcome}`, projection: projection.name, version: projection.version, outcome });
        } catch (error) {
          if (isTransient(error)) throw error;
          await this.fail(projection, error);
        }
      }
      await this.refreshPositions();
    }).catch((error: unknown) => {
      this.prepared = undefined;
      throw error;
    });
    return this.prepared;
  }

  private async refreshPositions(): Promise<void> {
    for (const checkpoint of await readCheckpoints(this.db, this.projections.map((p) => p.name))) {
      this.positions.set(checkpoint.name, checkpoint.position);
    }
    this.moved();
  }

  /** Where a read for these projections starts: the lowest of their checkpoints as this process knows them. */
  private lowestCheckpoint(projections: readonly Projection[]): GlobalPosition {
    return projections.map((p) => this.positions.get(p.name) ?? 0n).reduce((a, b) => (b < a ? b : a));
  }

  /**
   * Reads one batch (`size` events) after the lowest checkpoint and hands it to each projection; undefined when
   * nothing was left, else how many events it read and the position of the last.
   */
  private async pumpOnce(size: number): Promise<{ events: number; reached: GlobalPosition } | undefined> {
    const active = this.projections.filter((p) => !this.failures.has(p.name));
    if (active.length === 0) return undefined;
    const after = this.lowestCheckpoint(active);
    const events = await this.store.readAll({ after, maxCount: size });
    if (events.length > 0 && events[events.length - 1]!.position > this.readUpTo) this.readUpTo = events[events.length - 1]!.position;
    if (events.length === 0) {
      // Nothing new: a cheap moment to learn what other processes did (moved or reset checkpoints).
      await this.refreshPositions();
      return undefined;
    }
    await this.applyPage(active, after, events);
    return { events: events.length, reached: events[events.length - 1]!.position };
  }

  /**
   * A batch for the given projections. Those with nothing to do in it only move their checkpoints: one statement for
   * all of them instead of a transaction each (under a rush the batch is reservations; a dozen catalog read models
   * idle). The busy ones are applied in one transaction.
   */
  private async applyPage(active: readonly Projection[], after: GlobalPosition, events: readonly RecordedEvent[]): Promise<void> {
    if (active.length === 0) return;
    const first = events[0]!.position;
    const last = events[events.length - 1]!.position;
    // the types in the page answer for a projection that has none of it yet (always so in a replay)
    const types = [...new Set(events.map((e) => e.type))];
    const busy: Projection[] = [];
    const idle: Projection[] = [];
    for (const projection of active) {
      const known = this.positions.get(projection.name) ?? 0n;
      if (known >= last) continue;
      const handlesSome = known < first ? types.some((type) => handles(projection, type)) : events.some((e) => e.position > known && handles(projection, e.type));
      (handlesSome ? busy : idle).push(projection);
    }
    await Promise.all([this.advanceIdle(idle, after, events), this.applyToBusy(busy, after, events)]);
  }

  /** The busy projections of a batch in one transaction; one by one when that fails (see applyBatchTogether). */
  private async applyToBusy(busy: readonly Projection[], after: GlobalPosition, events: readonly RecordedEvent[]): Promise<void> {
    if (busy.length > 1) {
      try {
        const outcomes = await applyBatchTogether(this.db, busy, this.schema, after, events);
        for (const [name, outcome] of outcomes) if (outcome.kind === 'applied') this.positions.set(name, outcome.checkpoint);
        this.moved();
        // a checkpoint behind the batch (reset elsewhere): the one-by-one path says so and reads again from it
        await Promise.all(busy.filter((p) => outcomes.get(p.name)?.kind !== 'applied').map((projection) => this.applyTo(projection, after, events)));
        return;
      } catch (error) {
        if (isTransient(error)) throw error;
        // one of them failed: apply them one by one, so only that one stops
      }
    }
    await Promise.all(busy.map((projection) => this.applyTo(projection, after, events)));
  }

  /**
   * A projection is idle when no event after the position this process knows for it is one it handles; its
   * checkpoint moves only if it still stands at or after that position (see advanceIdleCheckpoints).
   */
  private async advanceIdle(idle: readonly Projection[], after: GlobalPosition, events: readonly RecordedEvent[]): Promise<void> {
    if (idle.length === 0) return;
    const last = events[events.length - 1]!.position;
    const moved = await advanceIdleCheckpoints(
      this.db,
      idle.map((p) => ({ name: p.name, version: p.version, known: this.positions.get(p.name) ?? 0n })),
      last,
    );
    for (const name of moved) this.positions.set(name, last);
    // not moved: ahead already (another process), behind the batch (reset elsewhere) or of another version:
    // the full path finds out which and says so
    await Promise.all(idle.filter((p) => !moved.has(p.name)).map((projection) => this.applyTo(projection, after, events)));
    this.moved();
  }

  private async applyTo(projection: Projection, after: GlobalPosition, events: readonly RecordedEvent[]): Promise<void> {
    const known = this.positions.get(projection.name) ?? 0n;
    const last = events[events.length - 1]?.position ?? after;
    if (known >= last) return;
    try {
      const outcome = await applyBatch(this.db, projection, this.schema, after, events);
      if (outcome.kind === 'gap') {
        this.logger.warn({
          msg: 'projection checkpoint is behind this batch (reset elsewhere?): reading again from it',
          projection: projection.name,
          checkpoint: outcome.checkpoint.toString(),
          batchAfter: after.toString(),
        });
      }
      this.positions.set(projection.name, outcome.checkpoint);
      this.moved();
    } catch (error) {
      if (isTransient(error)) throw error;
      await this.fail(projection, error);
    }
  }

  private async fail(projection: Projection, error: unknown): Promise<void> {
    const failure = error instanceof Error ? error : new Error(String(error));
    this.failures.set(projection.name, failure);
    this.logger.error({
      msg: `projection ${projection.name} stopped: ${failure.message}`,
      projection: projection.name,
      version: projection.version,
      checkpoint: this.positions.get(projection.name)?.toString(),
      code: (failure as { code?: unknown }).code,
      event: (failure as { event?: unknown }).event,
      err: failure,
    });
    await recordFailure(this.db, projection.name, failure.message).catch((recordError: unknown) =>
      this.logger.warn({ msg: 'could not record the projection failure', projection: projection.name, err: recordError }),
    );
    this.moved();
  }

  private moved(): void {
    this.progress.notify();
    this.onProgress?.({
      positions: this.positions,
      failures: new Map([...this.failures].map(([name, error]) => [name, error.message])),
      readUpTo: this.readUpTo,
    });
  }

  /**
   * Reached once every projection shows the position; a stopped one is told only once the running ones show it: one
   * projection stopped on an event must not end every command's wait for the others (their read-your-writes).
   */
  private localState(position: GlobalPosition): 'reached' | Error | undefined {
    let stopped: Error | undefined;
    for (const projection of this.projections) {
      const known = this.positions.get(projection.name);
      const failure = this.failures.get(projection.name);
      if (known !== undefined && known >= position) continue;
      if (!failure) return undefined;
      stopped ??= new ProjectionStoppedError(projection.name, known ?? 0n, failure.message);
    }
    return stopped ?? 'reached';
  }

  private async loop(): Promise<void> {
    let backoffMs = 0;
    while (this.running) {
      try {
        const read = await this.exclusive(() => this.pumpOnce(this.batchSize));
        backoffMs = 0;
        // a full batch: more is waiting. A shorter one reached the head: an append since then has woken us already.
        if (read?.events === this.batchSize) continue;
        const batchEnded = Date.now();
        await this.wakeUp.wait(this.pollIntervalMs);
        const spacing = this.batchSpacingMs - (Date.now() - batchEnded);
        if (read && spacing > 0) await this.urgent.wait(spacing);
      } catch (error) {
        backoffMs = Math.min(backoffMs ? backoffMs * 2 : 100, MAX_BACKOFF_MS);
        this.logger.warn({ msg: 'projection runner: a batch failed on the connection; retrying', retryInMs: backoffMs, err: error });
        await this.stopping.wait(backoffMs);
      }
    }
  }

  /** The subscription only wakes the loop: batches are still read with readAll, so order and checkpoints stay in one place. */
  private async subscribe(): Promise<void> {
    if (this.store.watchAppends) {
      this.subscription = this.store.watchAppends(() => this.wakeUp.notify());
      await this.subscription.caughtUp;
      return;
    }
    const after = await this.store.headPosition();
    this.subscription = this.store.subscribeToAll({
      after,
      onEvent: () => this.wakeUp.notify(),
      onError: (error) => {
        this.logger.warn({ msg: 'projection runner: log subscription failed; polling until it is back', err: error });
        this.subscription = undefined;
        setTimeout(() => {
          if (this.running && !this.subscription) {
            this.subscribe().catch((retryError: unknown) =>
              this.logger.warn({ msg: 'projection runner: could not subscribe again; polling only', err: retryError }),
            );
          }
        }, this.pollIntervalMs);
      },
    });
  }
}

function assertDistinct(projections: readonly Projection[]): void {
  const names = new Set<string>();
  const tables = new Set<string>();
  for (const p of projections) {
    if (names.has(p.name)) throw new Error(`two projections are named ${p.name}`);
    names.add(p.name);
    for (const t of p.tables) {
      if (tables.has(t.name)) throw new Error(`table ${t.name} is owned by two projections`);
      tables.add(t.name);
    }
  }
}
