import { type DynamicModule, type InjectionToken, type ModuleMetadata, Module } from '@nestjs/common';
import type { EventStore, GlobalPosition } from '@ticketing/event-store';
import { randomIds, type Clock } from '@ticketing/kernel';
import { ImportCatalogService } from './import-catalog.service.js';
import { ORGANIZER_API_OPTIONS } from '../tokens.js';
import { ImportCatalogController } from './import-catalog.controller.js';
import { OrganizerApiKeyGuard, OrganizerApiKeys } from '@ticketing/wire';

export interface OrganizerApiOptions {
  readonly store: EventStore;
  /** The projection runner's `waitFor`: the import's HTTP call returns once the read models show it. */
  readonly waitForProjections: (position: GlobalPosition) => Promise<void>;
  /** ORGANIZER_API_KEYS: comma-separated `slug:key` pairs; unset = every call answers 401. */
  readonly apiKeys: string | undefined;
  readonly clock?: Clock;
}

export interface OrganizerApiAsyncOptions {
  readonly imports?: ModuleMetadata['imports'];
  readonly inject?: InjectionToken[];
  readonly useFactory: (...args: never[]) => OrganizerApiOptions | Promise<OrganizerApiOptions>;
}

const systemClock: Clock = { now: () => new Date() };

/**
 * `PUT /api/v2/organizer/catalog` and `POST /api/v2/organizer/catalog/validate`. The composition root hands
 * in the event store and the projection wait (this library never imports the app):
 *   OrganizerApiModule.registerAsync({ inject: [EVENT_STORE, PROJECTION_RUNNER], useFactory: (store, runner) =>
 *     ({ store, waitForProjections: (p) => runner.waitFor(p), apiKeys: process.env.ORGANIZER_API_KEYS }) })
 */
@Module({})
export class OrganizerApiModule {
  static registerAsync(options: OrganizerApiAsyncOptions): DynamicModule {
    return {
      module: OrganizerApiModule,
      imports: options.imports ?? [],
      controllers: [ImportCatalogController],
      providers: [
        { provide: ORGANIZER_API_OPTIONS, inject: options.inject ?? [], useFactory: options.useFactory as (...args: unknown[]) => OrganizerApiOptions },
        {
          provide: ImportCatalogService,
          inject: [ORGANIZER_API_OPTIONS],
          useFactory: (o: OrganizerApiOptions) =>
            new ImportCatalogService({ store: o.store, waitForProjections: o.waitForProjections, clock: o.clock ?? systemClock, ids: randomIds }),
        },
        { provide: OrganizerApiKeys, inject: [ORGANIZER_API_OPTIONS], useFactory: (o: OrganizerApiOptions) => OrganizerApiKeys.parse(o.apiKeys) },
        OrganizerApiKeyGuard,
      ],
    };
  }
}
