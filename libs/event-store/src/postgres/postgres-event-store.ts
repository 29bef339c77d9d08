import { inTransaction, type Db } from '@ticketing/postgres';
import { SubjectKeyVault } from '../personal-data/subject-key-vault.js';
import { prepareEvents, prepareStreamAppends } from '../prepare-events.js';
import {
  START,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type GlobalPosition,
  type MultiAppendOptions,
  type MultiAppendResult,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type StreamAppend,
  type SubscribeOptions,
  type Subscription,
  type VerifyOptions,
  type VerifyResult,
} from '../port.js';
import { appendEvents, APPENDED_CHANNEL } from './append-events.js';
import { appendToStreams } from './append-to-streams.js';
import { startCatchUpSubscription } from './catch-up-subscription.js';
import { READ_COLUMNS, READ_TYPES, toRecordedEvents, type ReadRow } from './event-rows.js';
import { NotificationListener } from './notification-listener.js';
import { verifyPostgresChain } from './verify-postgres-chain.js';

export interface PostgresEventStoreOptions {
  /** Wraps subject keys at rest (see personal-data/master-key.ts); keys are stored as they are without it. */
  readonly masterKey?: Buffer;
  /** Events per read while a subscription catches up; default 500. */
  readonly batchSize?: number;
  /** How often a live subscription reads even without a notification; default 1000 ms. */
  readonly pollIntervalMs?: number;
}

/**
 * The default event store: events, stream heads and subject keys in PostgreSQL (apply eventStoreMigrations
 * first). The pool belongs to the caller: close() stops this store's subscriptions and listener, not the pool.
 */
export class PostgresEventStore implements EventStore {
  private readonly vault: SubjectKeyVault;
  private readonly listener: NotificationListener;
  private readonly subscriptions = new Set<Subscription>();

  constructor(
    private readonly db: Db,
    private readonly options: PostgresEventStoreOptions = {},
  ) {
    this.vault = new SubjectKeyVault(db, options.masterKey);
    this.listener = new NotificationListener(db.options, APPENDED_CHANNEL);
  }

  async append(streamId: string, events: readonly EventToAppend[], expectedRevision: ExpectedRevision = 'any'): Promise<AppendResult> {
    const prepared = await prepareEvents(events, this.vault);
    return inTransaction(this.db, (client) => appendEvents(client, streamId, prepared, expectedRevision));
  }

  async appendToStreams(appends: readonly StreamAppend[], options: MultiAppendOptions = {}): Promise<MultiAppendResult> {
    const prepared = await prepareStreamAppends(appends, this.vault);
    if (prepared.length === 0) return { streams: [], position: START };
    return inTransaction(this.db, (client) => appendToStreams(client, prepared, options.inline));
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const { rows } = await this.db.query<ReadRow>({
      text: `select ${READ_COLUMNS} from events where stream_id = $1 and revision >= $2 order by revision limit $3`,
      values: [streamId, options.fromRevision ?? 0, options.maxCount ?? null],
      types: READ_TYPES,
    });
    return toRecordedEvents(rows, this.vault);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const { rows } = await this.db.query<ReadRow>({
      text: `select ${READ_COLUMNS} from events where position > $1 order by position limit $2`,
      values: [String(options.after ?? START), options.maxCount ?? null],
      types: READ_TYPES,
    });
    return toRecordedEvents(rows, this.vault);
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    const subscription = startCatchUpSubscription(
      (after, maxCount) => this.readAll({ after, maxCount }),
      this.listener,
      options,
      { batchSize: this.options.batchSize ?? 500, pollIntervalMs: this.options.pollIntervalMs ?? 1_000 },
    );
    this.subscriptions.add(subscription);
    return {
      caughtUp: subscription.caughtUp,
      stop: async () => {
        this.subscriptions.delete(subscription);
        await subscription.stop();
      },
    };
  }

  /** Rides the subscriptions' LISTEN connection; its drops wake the callback too (the reader then reads again). */
  watchAppends(onAppended: () => void): Subscription {
    const watch: Subscription = {
      caughtUp: this.listener.add(onAppended),
      stop: async () => {
        this.subscriptions.delete(watch);
        await this.listener.remove(onAppended);
      },
    };
    this.subscriptions.add(watch);
    return watch;
  }

  async headPosition(): Promise<GlobalPosition> {
    const { rows } = await this.db.query<{ position: string | null }>('select max(position) as position from events');
    return BigInt(rows[0]?.position ?? START);
  }

  verify(streamId?: string, options: VerifyOptions = {}): Promise<VerifyResult> {
    return verifyPostgresChain(this.db, streamId, options.onProgress);
  }

  forgetSubject(subjectId: string): Promise<boolean> {
    return this.vault.forget(subjectId);
  }

  async close(): Promise<void> {
    const open = [...this.subscriptions];
    this.subscriptions.clear();
    await Promise.all(open.map((subscription) => subscription.stop()));
  }
}

export function createPostgresEventStore(db: Db, options?: PostgresEventStoreOptions): PostgresEventStore {
  return new PostgresEventStore(db, options);
}
