import {
  BACKWARDS,
  END,
  excludeSystemEvents,
  KurrentDBClient,
  NO_STREAM,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AppendStreamRequest,
  type EventData,
} from '@kurrent/kurrentdb-client';
import type { Db } from '@ticketing/postgres';
import { assertExpectedRevision, NO_EVENTS } from '../expected-revision.js';
import { GENESIS_HASH, verifyResult, verifyStreamChain } from '../hash-chain.js';
import { SubjectKeyVault } from '../personal-data/subject-key-vault.js';
import { chainEvents, prepareEvents, prepareStreamAppends, type PreparedStreamAppend } from '../prepare-events.js';
import {
  START,
  WrongExpectedRevisionError,
  type AppendResult,
  type ChainProblem,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type GlobalPosition,
  type MultiAppendResult,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type StreamAppend,
  type SubscribeOptions,
  type Subscription,
  type VerifyResult,
} from '../port.js';
import { fromResolved, toEventData, toFlatEventData, toLink, toRecordedEvents, type KurrentEvent } from './kurrentdb-events.js';
import { fromPosition, subscribeToKurrentAll } from './kurrentdb-subscription.js';

export interface KurrentDbEventStoreOptions {
  /** e.g. `kurrentdb://127.0.0.1:2113?tls=false` (EVENTSTORE_URL). */
  readonly connectionString: string;
  /** PostgreSQL pool holding subject_keys: personal data keys live there whichever store holds the events. */
  readonly db: Db;
  readonly masterKey?: Buffer;
}

// An `any` append still has to chain onto the stream's real last event; when another writer got in between
// the read and the write, it re-reads and tries again, this many times.
const ANY_APPEND_ATTEMPTS = 20;

/**
 * Events in KurrentDB (EventStoreDB), with the same hash chain (in each event's metadata) and the same
 * PostgreSQL key vault as the PostgreSQL adapter. Global positions are KurrentDB commit positions: strictly
 * increasing in $all order but not consecutive.
 */
export class KurrentDbEventStore implements EventStore {
  private readonly client: KurrentDBClient;
  private readonly vault: SubjectKeyVault;
  private readonly subscriptions = new Set<Subscription>();

  constructor(options: KurrentDbEventStoreOptions) {
    this.client = KurrentDBClient.connectionString(options.connectionString);
    this.vault = new SubjectKeyVault(options.db, options.masterKey);
  }

  async append(streamId: string, events: readonly EventToAppend[], expectedRevision: ExpectedRevision = 'any'): Promise<AppendResult> {
    const prepared = await prepareEvents(events, this.vault);
    for (let attempt = 1; ; attempt++) {
      const last = await this.lastEvent(streamId);
      const current = last?.revision ?? NO_EVENTS;
      assertExpectedRevision(streamId, expectedRevision, current);
      if (prepared.length === 0) return { nextExpectedRevision: current, position: last?.position ?? START };
      const chained = chainEvents(streamId, prepared, current, last?.stored.hash ?? GENESIS_HASH);
      const written = await this.write(streamId, chained.map(toEventData), current);
      if ('position' in written) return written;
      if (expectedRevision === 'any' && attempt < ANY_APPEND_ATTEMPTS) continue;
      throw new WrongExpectedRevisionError(streamId, expectedRevision, written.actual);
    }
  }

  /**
   * Writes on exactly the revision that was chained onto, whatever the caller expected: the server then refuses
   * a write that would fork the chain. A refusal comes back as the stream's actual revision.
   */
  private async write(streamId: string, events: EventData[], current: number): Promise<AppendResult | { actual: number | 'no_stream' }> {
    try {
      const result = await this.client.appendToStream(streamId, events, {
        streamState: current === NO_EVENTS ? NO_STREAM : BigInt(current),
      });
      if (result.success) {
        const position = result.position?.commit ?? (await this.lastEvent(streamId))?.position ?? START;
        return { nextExpectedRevision: Number(result.nextExpectedRevision), position };
      }
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      return { actual: error.actualState === NO_STREAM ? 'no_stream' : Number(error.actualState) };
    }
    // throwOnAppendFailure=false in the connection string: the refusal arrives as a result, not an error.
    const last = await this.lastEvent(streamId);
    return { actual: last ? last.revision : 'no_stream' };
  }

  /**
   * Needs KurrentDB 25.1 or later (the client's multiStreamAppend, protocol v2); older servers refuse the call.
   * Like append: reads each stream's last event, checks, chains, and writes every stream on exactly the revision
   * it chained onto, all in one atomic request; a conflict on an `any` stream re-reads and retries.
   *
   * Two differences from PostgreSQL. A stream given no events is checked by that read only, not inside the
   * atomic write (this API writes, it cannot only check), so a writer in between can go unnoticed. And the
   * server answers one position for the whole request: every written stream reports it, which is at or after
   * its own last event, as read-your-writes needs.
   */
  async appendToStreams(appends: readonly StreamAppend[]): Promise<MultiAppendResult> {
    const prepared = await prepareStreamAppends(appends, this.vault);
    for (let attempt = 1; ; attempt++) {
      const lasts = await Promise.all(prepared.map(({ streamId }) => this.lastEvent(streamId)));
      const current = lasts.map((last) => last?.revision ?? NO_EVENTS);
      prepared.forEach(({ streamId, expectedRevision }, i) => assertExpectedRevision(streamId, expectedRevision, current[i]!));
      const checked = prepared.map((_, i): AppendResult => ({ nextExpectedRevision: current[i]!, position: lasts[i]?.position ?? START }));
      const requests = prepared.flatMap(({ streamId, events }, i): AppendStreamRequest[] => {
        if (events.length === 0) return [];
        const chained = chainEvents(streamId, events, current[i]!, lasts[i]?.stored.hash ?? GENESIS_HASH);
        const expectedState = current[i] === NO_EVENTS ? NO_STREAM : BigInt(current[i]!);
        return [{ streamName: streamId, events: chained.map(toFlatEventData), expectedState }];
      });
      if (requests.length === 0) {
        return { streams: checked, position: checked.reduce((max, r) => (r.position > max ? r.position : max), START) };
      }
      try {
        const written = await this.client.multiStreamAppend(requests);
        const revisions = new Map(written.responses.map((response) => [response.streamName, Number(response.revision)]));
        const streams = prepared.map(({ streamId }, i): AppendResult => {
          const revision = revisions.get(streamId);
          return revision === undefined ? checked[i]! : { nextExpectedRevision: revision, position: written.position };
        });
        return { streams, position: written.position };
      } catch (error) {
        const conflict = conflictOf(error, prepared);
        if (!conflict) throw error;
        // Another writer got in between the read and the write; only an `any` stream may simply be re-read.
        if (conflict.expected === 'any' && attempt < ANY_APPEND_ATTEMPTS) continue;
        throw conflict;
      }
    }
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const events = await this.streamEvents(streamId, BigInt(options.fromRevision ?? 0), options.maxCount);
    return toRecordedEvents(events, this.vault);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const after = options.after ?? START;
    const events: KurrentEvent[] = [];
    const reading = this.client.readAll({ fromPosition: fromPosition(after), filter: excludeSystemEvents() });
    for await (const resolved of reading) {
      const event = fromResolved(resolved);
      // A read starts *at* the position given: the event at `after` itself is skipped here.
      if (!event || event.position <= after) continue;
      events.push(event);
      if (events.length === options.maxCount) break;
    }
    return toRecordedEvents(events, this.vault);
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    const subscription = subscribeToKurrentAll(this.client, this.vault, () => this.headPosition(), options);
    this.subscriptions.add(subscription);
    return {
      caughtUp: subscription.caughtUp,
      stop: async () => {
        this.subscriptions.delete(subscription);
        await subscription.stop();
      },
    };
  }

  async headPosition(): Promise<GlobalPosition> {
    const reading = this.client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1, filter: excludeSystemEvents() });
    for await (const resolved of reading) {
      const event = fromResolved(resolved);
      if (event) return event.position;
    }
    return START;
  }

  /** KurrentDB keeps no stream head apart from the events, so a removed last event cannot be told here. */
  async verify(streamId?: string): Promise<VerifyResult> {
    const streamIds = streamId === undefined ? await this.allStreamIds() : [streamId];
    const problems: ChainProblem[] = [];
    let eventsChecked = 0;
    let streamsChecked = 0;
    for (const id of streamIds) {
      const events = await this.streamEvents(id, 0n);
      if (events.length === 0) continue;
      streamsChecked += 1;
      eventsChecked += events.length;
      problems.push(...verifyStreamChain(id, events.map(toLink)));
    }
    return verifyResult(streamsChecked, eventsChecked, problems);
  }

  forgetSubject(subjectId: string): Promise<boolean> {
    return this.vault.forget(subjectId);
  }

  async close(): Promise<void> {
    const open = [...this.subscriptions];
    this.subscriptions.clear();
    await Promise.all(open.map((subscription) => subscription.stop()));
    await this.client.dispose();
  }

  private async lastEvent(streamId: string): Promise<KurrentEvent | undefined> {
    try {
      for await (const resolved of this.client.readStream(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: 1 })) {
        return fromResolved(resolved);
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return undefined;
  }

  private async streamEvents(streamId: string, fromRevision: bigint, maxCount?: number): Promise<KurrentEvent[]> {
    const events: KurrentEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, { fromRevision, maxCount: maxCount ?? Number.MAX_SAFE_INTEGER })) {
        const event = fromResolved(resolved);
        if (event) events.push(event);
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return events;
  }

  private async allStreamIds(): Promise<string[]> {
    const ids = new Set<string>();
    for await (const resolved of this.client.readAll({ filter: excludeSystemEvents() })) {
      const event = fromResolved(resolved);
      if (event) ids.add(event.streamId);
    }
    return [...ids];
  }
}

/** The server's refusal as our error, naming the stream it names; undefined for any other failure. */
function conflictOf(error: unknown, appends: readonly PreparedStreamAppend[]): WrongExpectedRevisionError | undefined {
  if (!(error instanceof WrongExpectedVersionError)) return undefined;
  const append = appends.find(({ streamId }) => streamId === error.streamName);
  const actual = error.actualState === NO_STREAM ? 'no_stream' : Number(error.actualState);
  return new WrongExpectedRevisionError(error.streamName, append?.expectedRevision ?? 'any', actual);
}

export function createKurrentDbEventStore(options: KurrentDbEventStoreOptions): KurrentDbEventStore {
  return new KurrentDbEventStore(options);
}
