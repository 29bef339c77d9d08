import { Global, Logger, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { CAPTCHA_VERIFIER, createCaptchaVerifier } from './captcha-verifier.js';

/** Provides `CAPTCHA_VERIFIER` from the configuration's reCAPTCHA secret and URL, to any module. */
@Global()
@Module({
  providers: [
    {
      provide: CAPTCHA_VERIFIER,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        const logger = new Logger('Captcha');
        return createCaptchaVerifier(config.recaptcha, (url) => logger.warn(`captcha verification at ${url} is unavailable: the check fails`));
      },
    },
  ],
  exports: [CAPTCHA_VERIFIER],
})
export class CaptchaModule {}
