import { type DynamicModule, type InjectionToken, type ModuleMetadata, Module } from '@nestjs/common';
import { OnlinePayments } from '@ticketing/payments/contracts';
import type { EventStore } from '@ticketing/event-store';
import type { Db } from '@ticketing/postgres';
import { PaymentAccounts, type PaymentAccountsOptions } from './accounts/payment-accounts.js';
import { PaymentAttempts } from './attempts/payment-attempts.service.js';
import { PAYMENTS_DB, PAYMENTS_EVENT_STORE, PAYMENTS_OPTIONS, type PaymentsOptions } from './tokens.js';
import { PaymentWebhooksController } from './webhooks/payment-webhooks.controller.js';

export interface PaymentsModuleOptions extends PaymentsOptions, PaymentAccountsOptions {
  readonly store: EventStore;
  readonly db: Db;
}

export interface PaymentsModuleAsyncOptions {
  readonly imports?: ModuleMetadata['imports'];
  readonly inject?: InjectionToken[];
  readonly useFactory: (...args: never[]) => PaymentsModuleOptions | Promise<PaymentsModuleOptions>;
}

const MODULE_OPTIONS = Symbol('PAYMENTS_MODULE_OPTIONS');

/**
 * Card and redirect payments: the organizers' provider accounts, the attempts on the log, the providers'
 * webhooks. Other contexts use it through `OnlinePayments` (exported) and follow `PaymentAttemptSettled`.
 */
@Module({})
export class PaymentsModule {
  static registerAsync(options: PaymentsModuleAsyncOptions): DynamicModule {
    return {
      module: PaymentsModule,
      imports: options.imports ?? [],
      controllers: [PaymentWebhooksController],
      providers: [
        { provide: MODULE_OPTIONS, inject: options.inject ?? [], useFactory: options.useFactory as (...args: unknown[]) => PaymentsModuleOptions },
        { provide: PAYMENTS_OPTIONS, inject: [MODULE_OPTIONS], useFactory: (o: PaymentsModuleOptions) => o },
        { provide: PAYMENTS_EVENT_STORE, inject: [MODULE_OPTIONS], useFactory: (o: PaymentsModuleOptions) => o.store },
        { provide: PAYMENTS_DB, inject: [MODULE_OPTIONS], useFactory: (o: PaymentsModuleOptions) => o.db },
        { provide: PaymentAccounts, inject: [MODULE_OPTIONS], useFactory: (o: PaymentsModuleOptions) => new PaymentAccounts(o) },
        PaymentAttempts,
        { provide: OnlinePayments, useExisting: PaymentAttempts },
      ],
      exports: [OnlinePayments, PaymentAttempts],
    };
  }
}
