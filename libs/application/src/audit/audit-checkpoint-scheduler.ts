import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { loadSigningKey, makeCheckpoint, type CheckpointSigner } from '@ticketing/audit';
import { PostgresEventStore, type EventStore } from '@ticketing/event-store';
import type { Db } from '@ticketing/postgres';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DB, EVENT_STORE } from '../platform/tokens.js';

const INTERVAL_NAME = 'audit-checkpoints';
const ACTOR = 'system:audit-checkpoints';

/**
 * Signs a checkpoint of the log every AUDIT_CHECKPOINT_INTERVAL_MS (@nestjs/schedule), into the log and the
 * checkpoint file; one at a time, none while nothing but checkpoints was appended since the last one (an idle
 * log does not grow by a checkpoint every interval). The first one an interval after the start. Off with an
 * interval of 0, with KurrentDB (checkpoints read the PostgreSQL log's tables) and in production without a key.
 */
@Injectable()
export class AuditCheckpointScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('AuditCheckpoints');
  private running: Promise<unknown> | null = null;
  private signer: Promise<CheckpointSigner | null> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DB) private readonly db: Db,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  onApplicationBootstrap(): void {
    const settings = this.config.auditCheckpoints;
    if (settings.intervalMs <= 0) return;
    if (!(this.store instanceof PostgresEventStore)) {
      this.logger.log({ msg: 'no signed checkpoints: they need the PostgreSQL log (EVENTSTORE_URL is set)' });
      return;
    }
    if (!settings.signingKey && !settings.mayGenerate) {
      this.logger.warn({ msg: 'no signed checkpoints: AUDIT_SIGNING_KEY is not set' });
      return;
    }
    const timer = setInterval(() => void this.checkpoint(), settings.intervalMs);
    timer.unref();
    this.scheduler.addInterval(INTERVAL_NAME, timer);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.scheduler.doesExist('interval', INTERVAL_NAME)) this.scheduler.deleteInterval(INTERVAL_NAME);
    await this.running;
  }

  /** One checkpoint; skipped while the previous one still runs. */
  async checkpoint(): Promise<void> {
    if (this.running) return;
    const settings = this.config.auditCheckpoints;
    this.signer ??= loadSigningKey({ configured: settings.signingKey, devKeyFile: settings.signingKeyFile, mayGenerate: settings.mayGenerate });
    this.running = this.signer
      .then((signer) => signer && makeCheckpoint({ db: this.db, store: this.store, signer, file: settings.checkpointFile, actor: ACTOR, onlyIfChanged: true }))
      .then((made) => {
        if (made) this.logger.log({ msg: 'checkpoint signed', position: made.checkpoint.position, streams: made.checkpoint.streams, keyId: made.checkpoint.keyId, file: made.file });
      })
      .catch((error: unknown) => {
        this.signer = null;
        this.logger.error({ msg: 'checkpoint failed', error: String(error) });
      })
      .finally(() => (this.running = null));
    await this.running;
  }
}
