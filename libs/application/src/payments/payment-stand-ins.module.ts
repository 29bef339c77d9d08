import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { startPaymentStandIns, type RunningStandIns } from './payment-stand-ins.js';

export const PAYMENT_STAND_INS = Symbol('PAYMENT_STAND_INS');

class StandInsCloser implements OnApplicationShutdown {
  constructor(@Inject(PAYMENT_STAND_INS) private readonly standIns: RunningStandIns | null) {}

  async onApplicationShutdown(): Promise<void> {
    await this.standIns?.close();
  }
}

/** The payment stand-ins in test mode (null otherwise), started with the app and closed with it. */
@Module({
  providers: [
    {
      provide: PAYMENT_STAND_INS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => (config.paymentStandIns ? startPaymentStandIns(config.publicBaseUrl ?? `http://localhost:${config.port}`) : null),
    },
    StandInsCloser,
  ],
  exports: [PAYMENT_STAND_INS],
})
export class PaymentStandInsModule {}
