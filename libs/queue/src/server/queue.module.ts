import { Module, type DynamicModule, type InjectionToken, type ModuleMetadata } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { CatalogOffers } from '@ticketing/catalog/contracts';
import type { Clock } from '@ticketing/kernel';
import type { Db } from '@ticketing/postgres';
import { AdmissionJob } from './admission/admission-job.js';
import { WAITING_ROOM_CLOCK, WaitingRoomController } from './http/waiting-room.controller.js';
import { AdmissionTokens } from './room/admission-tokens.js';
import { WaitingRoomSettings } from './room/waiting-room-settings.js';
import { WaitingRoomService } from './room/waiting-room.service.js';
import { WaitingRoomStore } from './room/waiting-room.store.js';

export interface QueueOptions {
  readonly db: Db;
  readonly clock: Clock;
  /** Signs admission tokens: the same for every process on the database. */
  readonly tokenSecret: () => Promise<Buffer>;
  /** How often the admission job steps each room; 0 = never (a test steps it itself). */
  readonly admissionIntervalMs: number;
}

export interface QueueModuleAsyncOptions {
  readonly imports?: ModuleMetadata['imports'];
  readonly inject?: InjectionToken[];
  readonly useFactory: (...args: never[]) => QueueOptions | Promise<QueueOptions>;
}

const QUEUE_OPTIONS = Symbol('QUEUE_OPTIONS');

/**
 * The waiting room: join and status calls, the admission job, and (for the composition to install on the HTTP
 * server) the gate in front of reserve-tickets with the settings and tokens it checks against.
 */
@Module({})
export class QueueModule {
  static registerAsync(options: QueueModuleAsyncOptions): DynamicModule {
    return {
      module: QueueModule,
      imports: options.imports ?? [],
      controllers: [WaitingRoomController],
      providers: [
        { provide: QUEUE_OPTIONS, inject: options.inject ?? [], useFactory: options.useFactory as (...args: unknown[]) => QueueOptions },
        { provide: WAITING_ROOM_CLOCK, inject: [QUEUE_OPTIONS], useFactory: (o: QueueOptions) => o.clock },
        { provide: WaitingRoomSettings, inject: [QUEUE_OPTIONS, CatalogOffers], useFactory: (o: QueueOptions, catalog: CatalogOffers) => new WaitingRoomSettings(catalog, () => o.clock.now()) },
        { provide: AdmissionTokens, inject: [QUEUE_OPTIONS], useFactory: (o: QueueOptions) => new AdmissionTokens(o.tokenSecret) },
        { provide: WaitingRoomStore, inject: [QUEUE_OPTIONS], useFactory: (o: QueueOptions) => new WaitingRoomStore(o.db) },
        {
          provide: WaitingRoomService,
          inject: [WaitingRoomStore, WaitingRoomSettings, AdmissionTokens, QUEUE_OPTIONS],
          useFactory: (store: WaitingRoomStore, settings: WaitingRoomSettings, tokens: AdmissionTokens, o: QueueOptions) => new WaitingRoomService(store, settings, tokens, o.clock),
        },
        {
          provide: AdmissionJob,
          inject: [QUEUE_OPTIONS, WaitingRoomSettings, SchedulerRegistry, WaitingRoomStore],
          useFactory: (o: QueueOptions, settings: WaitingRoomSettings, scheduler: SchedulerRegistry, store: WaitingRoomStore) =>
            new AdmissionJob(o.db, settings, scheduler, o.admissionIntervalMs, () => o.clock.now(), (room) => store.roomMoved(room)),
        },
      ],
      exports: [WaitingRoomSettings, AdmissionTokens, AdmissionJob, WaitingRoomService],
    };
  }
}
