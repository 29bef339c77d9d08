import { Worker } from 'node:worker_threads';
import { Global, Inject, Logger, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { createEventStore, type EventStore } from '@ticketing/event-store';
import { ProjectionRunner, ThreadedProjectionRunner, type ProjectionFollower } from '@ticketing/projections';
import type { Db } from '@ticketing/postgres';
import { allProjections } from './all-projections.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DB, EVENT_STORE, PROJECTION_RUNNER } from './tokens.js';
import { EventAppender } from './event-appender.js';
import { builtProjectionWorker, type ProjectionWorkerData } from './projection-worker-file.js';

/**
 * The shared resources: the database pool, the event log and the projection runner that follows it.
 * The pool is made by main (it migrates before Nest starts) and handed in as a value.
 */
@Global()
@Module({
  providers: [
    {
      provide: EVENT_STORE,
      inject: [DB, APP_CONFIG],
      useFactory: (db: Db, config: AppConfig) => createEventStore({ db, eventStoreUrl: config.eventStoreUrl ?? undefined }),
    },
    {
      provide: PROJECTION_RUNNER,
      inject: [DB, EVENT_STORE, APP_CONFIG],
      useFactory: (db: Db, store: EventStore, config: AppConfig): ProjectionFollower => {
        const logger = new Logger('Projections');
        const worker = config.projectionsThread === 'main' ? null : builtProjectionWorker();
        if (config.projectionsThread === 'worker' && !worker) throw new Error('PROJECTIONS_THREAD=worker needs the built API (npm run build)');
        if (!worker) return new ProjectionRunner({ db, store, projections: allProjections, logger });
        const workerData: ProjectionWorkerData = { databaseUrl: config.databaseUrl, eventStoreUrl: config.eventStoreUrl };
        return new ThreadedProjectionRunner({ db, names: allProjections.map((p) => p.name), spawn: () => new Worker(worker, { workerData }), logger });
      },
    },
    EventAppender,
  ],
  exports: [EVENT_STORE, PROJECTION_RUNNER, EventAppender],
})
export class PlatformModule implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Platform');

  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTION_RUNNER) private readonly runner: ProjectionFollower,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.runner.start();
  }

  async onApplicationShutdown(signal?: string): Promise<void> {
    this.logger.log({ msg: 'shutting down: stopping projections, closing the event store and the database', signal });
    await this.runner.stop();
    await this.store.close();
    await this.db.end();
  }
}
