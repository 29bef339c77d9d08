import { type DynamicModule, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { StandInUrls } from '@ticketing/payments/server';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { startPaymentStandIns, type RunningStandIns } from './payment-stand-ins.js';

/** The live stand-ins of this process (null when none run here: not in test mode, or PAYMENT_STAND_IN_URLS). */
export const PAYMENT_STAND_INS = Symbol('PAYMENT_STAND_INS');
/** Where the stand-ins the providers' accounts talk to listen, wherever they run; null outside payment test mode. */
export const PAYMENT_STAND_IN_URLS = Symbol('PAYMENT_STAND_IN_URLS');
/** True when the stand-ins were started with this app (and so are closed with it). */
const OWN_STAND_INS = Symbol('OWN_STAND_INS');

class StandInsCloser implements OnApplicationShutdown {
  constructor(
    @Inject(PAYMENT_STAND_INS) private readonly standIns: RunningStandIns | null,
    @Inject(OWN_STAND_INS) private readonly own: boolean,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.own) await this.standIns?.close();
  }
}

/**
 * The payment stand-ins in test mode (null otherwise), started with the app and closed with it; or `given` ones,
 * which their owner closes (a test whose provider outlives one app process: a restart finds its payments there);
 * or, with PAYMENT_STAND_IN_URLS, ones running in another process, of which the app knows only the URLs.
 */
@Module({})
export class PaymentStandInsModule {
  static register(given: RunningStandIns | null = null): DynamicModule {
    return {
      module: PaymentStandInsModule,
      providers: [
        {
          provide: PAYMENT_STAND_INS,
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) =>
            given ??
            (config.paymentStandIns && !config.paymentStandInUrls ? startPaymentStandIns(config.publicBaseUrl ?? `http://localhost:${config.port}`) : null),
        },
        {
          provide: PAYMENT_STAND_IN_URLS,
          inject: [PAYMENT_STAND_INS, APP_CONFIG],
          useFactory: (live: RunningStandIns | null, config: AppConfig): StandInUrls | null => live?.urls ?? config.paymentStandInUrls,
        },
        { provide: OWN_STAND_INS, useValue: given === null },
        StandInsCloser,
      ],
      exports: [PAYMENT_STAND_INS, PAYMENT_STAND_IN_URLS],
    };
  }
}
