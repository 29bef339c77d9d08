import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { catchUpCheckpointFile, loadSigningKey, makeCheckpoint, openCheckpointFile, type CheckpointSigner } from '@ticketing/audit';
import { PostgresEventStore, type EventStore } from '@ticketing/event-store';
import type { Db } from '@ticketing/postgres';
import { APP_CONFIG, InvalidConfigurationError, type AppConfig } from '../config/app-config.js';
import { DB, EVENT_STORE } from '../platform/tokens.js';

const INTERVAL_NAME = 'audit-checkpoints';
const ACTOR = 'system:audit-checkpoints';

/**
 * Signs a checkpoint of the log every AUDIT_CHECKPOINT_INTERVAL_MS (@nestjs/schedule), into the log and the
 * checkpoint file; one at a time, none while nothing but checkpoints was appended since the last one (an idle
 * log does not grow by a checkpoint every interval). The first one an interval after the start; at the start the
 * file's missing lines are written from the log, and in production a file that cannot be written stops the start.
 * Off with an interval of 0, with KurrentDB (checkpoints read the PostgreSQL log's tables) and in production without a key.
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

  async onApplicationBootstrap(): Promise<void> {
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
    try {
      await openCheckpointFile(settings.checkpointFile);
    } catch (error) {
      // the copy outside the database is the point of the checkpoints: in production a start without it is refused,
      // as with a signing key that is not one
      const problem = `AUDIT_CHECKPOINT_FILE: ${settings.checkpointFile} cannot be written (${error instanceof Error ? error.message : String(error)})`;
      if (this.config.mode === 'prod') throw new InvalidConfigurationError(`invalid configuration:\n  ${problem}`);
      this.logger.error({ msg: 'checkpoints go to the log only until the checkpoint file can be written', problem });
    }
    // the lines a failed write left out, from the log, without holding up the start
    void this.catchUp();
    const timer = setInterval(() => void this.checkpoint(), settings.intervalMs);
    timer.unref();
    this.scheduler.addInterval(INTERVAL_NAME, timer);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.scheduler.doesExist('interval', INTERVAL_NAME)) this.scheduler.deleteInterval(INTERVAL_NAME);
    await this.running;
  }

  /** Writes the checkpoint file's missing lines from the log; the next checkpoint does it too. */
  async catchUp(): Promise<void> {
    if (this.running) return;
    const file = this.config.auditCheckpoints.checkpointFile;
    this.running = catchUpCheckpointFile({ db: this.db, file })
      .then((written) => {
        if (written > 0) this.logger.warn({ msg: 'checkpoint file caught up from the log', file, lines: written });
      })
      .catch((error: unknown) => this.logger.error({ msg: 'checkpoint file not caught up', file, error: String(error) }))
      .finally(() => (this.running = null));
    await this.running;
  }

  /** One checkpoint (with the file's missing lines before it); skipped while the previous one still runs. */
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
