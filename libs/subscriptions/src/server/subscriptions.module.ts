import { Module, type DynamicModule, type InjectionToken, type ModuleMetadata } from '@nestjs/common';
import { SubscriptionPasses } from '@ticketing/subscriptions/contracts';
import { EventLogSubscriptionPasses, type SubscriptionPassesOptions } from './event-log-subscription-passes.js';

export interface SubscriptionsModuleAsyncOptions {
  readonly imports?: ModuleMetadata['imports'];
  readonly inject?: InjectionToken[];
  readonly useFactory: (...args: never[]) => SubscriptionPassesOptions | Promise<SubscriptionPassesOptions>;
}

const MODULE_OPTIONS = Symbol('SUBSCRIPTIONS_MODULE_OPTIONS');

/**
 * Passes (subscriptions) after purchase: the sales context issues them with an order's completion and pays
 * tickets with them through the `SubscriptionPasses` port (exported); their streams are this context's.
 */
@Module({})
export class SubscriptionsModule {
  static registerAsync(options: SubscriptionsModuleAsyncOptions): DynamicModule {
    return {
      module: SubscriptionsModule,
      imports: options.imports ?? [],
      providers: [
        { provide: MODULE_OPTIONS, inject: options.inject ?? [], useFactory: options.useFactory as (...args: unknown[]) => SubscriptionPassesOptions },
        { provide: SubscriptionPasses, inject: [MODULE_OPTIONS], useFactory: (o: SubscriptionPassesOptions) => new EventLogSubscriptionPasses(o) },
      ],
      exports: [SubscriptionPasses],
    };
  }
}
