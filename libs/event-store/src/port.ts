import type { EventMetadata } from '@ticketing/kernel';
import type { DbClient } from '@ticketing/postgres';

/**
 * The position of an event in the one global order of the log. Strictly increasing in the order readers
 * see events; readers pass the last position they processed to continue *after* it.
 */
export type GlobalPosition = bigint;

/** Position before the first event: read or subscribe from here to get everything. */
export const START: GlobalPosition = 0n;

/**
 * What the writer believes about the stream: `any` (no check), `no_stream` (must not exist yet), or the exact
 * revision of its last event (0-based: a stream with one event is at revision 0).
 */
export type ExpectedRevision = 'any' | 'no_stream' | number;

/** Personal data of one subject (a buyer, an attendee): stored encrypted with that subject's key. */
export interface PersonalData {
  readonly subjectId: string;
  readonly data: Record<string, unknown>;
}

export interface EventToAppend {
  /** Unique id of the event; a UUID is made when absent. */
  readonly id?: string;
  readonly type: string;
  readonly data: Record<string, unknown>;
  readonly metadata: EventMetadata;
  readonly personal?: PersonalData;
}

export interface RecordedEvent {
  readonly id: string;
  readonly streamId: string;
  readonly revision: number;
  readonly position: GlobalPosition;
  readonly type: string;
  readonly data: Record<string, unknown>;
  readonly metadata: EventMetadata;
  /** Present when the event was appended with personal data; `data` is null once the subject was erased. */
  readonly personal?: { readonly subjectId: string; readonly data: Record<string, unknown> | null; readonly erased: boolean };
  readonly recordedAt: string;
  /** Hex SHA-256 of this event chained to the previous event of its stream (see hash-chain.ts). */
  readonly hash: string;
}

export interface AppendResult {
  /** Revision of the last appended event: pass it as the expected revision of the next append. */
  readonly nextExpectedRevision: number;
  /** Global position of the last appended event: wait for projections to reach it for read-your-writes. */
  readonly position: GlobalPosition;
}

/** One stream's part of an `appendToStreams` call. */
export interface StreamAppend {
  readonly streamId: string;
  /** Empty: the stream's expectation is checked, nothing is written to it. */
  readonly events: readonly EventToAppend[];
  readonly expectedRevision: ExpectedRevision;
}

export interface MultiAppendResult {
  /**
   * per stream, in the order given. A written stream's position is never before its last event, but may be
   * later: a store that answers one position per call (KurrentDB) reports that one for every stream.
   */
  readonly streams: readonly AppendResult[];
  /** global position of the last event appended (with no event at all: the furthest position in `streams`) */
  readonly position: GlobalPosition;
  /** True when the call's inline projector wrote its rows (or had none to write) in the append's transaction. */
  readonly projectedInline?: boolean;
}

/** An appended event as the append's own transaction knows it: no position or record time yet. */
export interface PendingEvent {
  readonly streamId: string;
  readonly revision: number;
  readonly type: string;
  readonly data: Record<string, unknown>;
  readonly metadata: EventMetadata;
}

/**
 * Writes read-model rows for an append's events in the append's own transaction, so they commit with the
 * events or not at all (PostgreSQL only: the log and the read tables share the database). Resolves false
 * when it wrote nothing because it may not (its tables are of another version): the caller then waits.
 */
export type InlineProjector = (client: DbClient, events: readonly PendingEvent[]) => Promise<boolean>;

export interface MultiAppendOptions {
  /** Run in the append's transaction where the store can (`projectedInline` says whether it did). */
  readonly inline?: InlineProjector;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

export interface ReadStreamOptions {
  /** First revision to return (inclusive); default 0. */
  readonly fromRevision?: number;
  readonly maxCount?: number;
}

export interface ReadAllOptions {
  /** Return events strictly after this position; default START. */
  readonly after?: GlobalPosition;
  readonly maxCount?: number;
}

export interface SubscribeOptions {
  /** Deliver events strictly after this checkpoint: first the stored ones (catch-up), then new ones (live). */
  readonly after?: GlobalPosition;
  /** Called once per event, in global order, never concurrently; the next one waits for its promise. */
  readonly onEvent: (event: RecordedEvent) => Promise<void> | void;
  /** Called when the subscription stops on an error (including one thrown by onEvent). */
  readonly onError?: (error: unknown) => void;
}

export interface Subscription {
  /** Resolves once caught up with everything stored when the subscription started. */
  readonly caughtUp: Promise<void>;
  stop(): Promise<void>;
}

export type ChainProblemKind = 'altered' | 'inserted' | 'removed' | 'reordered';

export interface ChainProblem {
  /** The stream, or `$log` (LOG_STREAM_ID) with revision -1 where no stored event can be named: a gap in the log. */
  readonly streamId: string;
  readonly revision: number;
  readonly kind: ChainProblemKind;
  readonly detail: string;
  /** Where in the global log, for problems found by the log chain (log-chain.ts). */
  readonly position?: GlobalPosition;
}

export interface VerifyOptions {
  /** Called now and then while a long check runs: events checked so far of `total` (0 when unknown). */
  readonly onProgress?: (done: number, total: number) => void;
}

export interface VerifyResult {
  readonly ok: boolean;
  readonly streamsChecked: number;
  readonly eventsChecked: number;
  readonly problems: readonly ChainProblem[];
}

/** The event log. Every state change of the product is appended here; read models are built from it. */
export interface EventStore {
  /** Appends all events or none; fails with WrongExpectedRevisionError when the expectation does not hold. */
  append(streamId: string, events: readonly EventToAppend[], expectedRevision?: ExpectedRevision): Promise<AppendResult>;
  /**
   * Appends to several streams in one all-or-nothing step: every expectation holds and all events are written,
   * or nothing is (WrongExpectedRevisionError names the first stream that failed). A stream may appear once per
   * call (a plain Error otherwise). Global positions follow the order of `appends`, each stream's events in order.
   */
  appendToStreams(appends: readonly StreamAppend[], options?: MultiAppendOptions): Promise<MultiAppendResult>;
  /** The stream's events in revision order; [] when the stream does not exist. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Events of every stream in global order. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Catch-up then live subscription to the global log. */
  subscribeToAll(options: SubscribeOptions): Subscription;
  /**
   * Calls `onAppended` after appends commit, without reading them: a wake-up for a reader that reads the log
   * itself (the projection runner), which would otherwise read and decode every event twice. Optional: a
   * store without it is followed with subscribeToAll.
   */
  watchAppends?(onAppended: () => void): Subscription;
  /** Position of the newest event committed, START when the log is empty. */
  headPosition(): Promise<GlobalPosition>;
  /** Recomputes the hash chain of one stream, or of every stream when no id is given. */
  verify(streamId?: string, options?: VerifyOptions): Promise<VerifyResult>;
  /**
   * Erases a subject's personal data by destroying its key; the chain stays verifiable. False when there was no key
   * to destroy (an id no event sealed data under, or a subject forgotten before).
   */
  forgetSubject(subjectId: string): Promise<boolean>;
  close(): Promise<void>;
}
