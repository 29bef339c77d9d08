import 'reflect-metadata';
import { Test } from '@nestjs/testing';
import { describe, expect, it } from 'vitest';
import { APP_CONFIG, readConfig } from '../../config/app-config.js';
import { CAPTCHA_VERIFIER, type CaptchaVerifier } from './captcha-verifier.js';
import { CaptchaModule } from './captcha.module.js';

describe('CaptchaModule', () => {
  it('provides the captcha verifier from the configuration to any module', async () => {
    const config = readConfig({ DATABASE_URL: 'postgres://unused', RECAPTCHA_SECRET: '' });
    class ConfigModule {}
    const module = await Test.createTestingModule({
      imports: [CaptchaModule, { module: ConfigModule, global: true, providers: [{ provide: APP_CONFIG, useValue: config }], exports: [APP_CONFIG] }],
    }).compile();
    const verify = module.get<CaptchaVerifier>(CAPTCHA_VERIFIER);
    expect(await verify(null, '127.0.0.1')).toBe(true); // no secret configured: the check passes
  });
});
