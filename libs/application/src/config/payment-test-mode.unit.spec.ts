import { describe, expect, it } from 'vitest';
import { InvalidConfigurationError, readConfig } from './app-config.js';

const base = { DATABASE_URL: 'postgres://unused' };
const urls = { stripe: 'http://127.0.0.1:4001', mollie: 'http://127.0.0.1:4002', paypal: 'http://127.0.0.1:4003', saferpay: 'http://127.0.0.1:4004' };

describe('payment test mode', () => {
  it('is on except in prod, with stand-ins the app starts itself', () => {
    expect(readConfig(base)).toMatchObject({ paymentStandIns: true, paymentStandInUrls: null });
    expect(readConfig({ ...base, APP_MODE: 'prod' })).toMatchObject({ paymentStandIns: false, paymentStandInUrls: null });
    expect(readConfig({ ...base, PAYMENT_STAND_INS: 'false' }).paymentStandIns).toBe(false);
    expect(() => readConfig({ ...base, APP_MODE: 'prod', PAYMENT_STAND_INS: 'true' })).toThrow(/PAYMENT_STAND_INS/);
  });

  it('uses the stand-ins PAYMENT_STAND_IN_URLS names (started by someone else)', () => {
    expect(readConfig({ ...base, PAYMENT_STAND_IN_URLS: ` ${JSON.stringify(urls)} ` })).toMatchObject({ paymentStandIns: true, paymentStandInUrls: urls });
    expect(readConfig({ ...base, PAYMENT_STAND_INS: 'true', PAYMENT_STAND_IN_URLS: JSON.stringify(urls) }).paymentStandInUrls).toEqual(urls);
    expect(readConfig({ ...base, PAYMENT_STAND_IN_URLS: '' }).paymentStandInUrls).toBeNull();
  });

  it.each([
    ['not JSON', 'stripe=http://127.0.0.1:4001'],
    ['a provider missing', JSON.stringify({ ...urls, saferpay: undefined })],
    ['an unknown provider', JSON.stringify({ ...urls, adyen: 'http://127.0.0.1:4005' })],
    ['not a URL', JSON.stringify({ ...urls, mollie: '127.0.0.1:4002' })],
    ['not http', JSON.stringify({ ...urls, paypal: 'ftp://127.0.0.1:4003' })],
    ['a list', JSON.stringify(Object.values(urls))],
  ])('stops the start on %s', (_, raw) => {
    expect(() => readConfig({ ...base, PAYMENT_STAND_IN_URLS: raw })).toThrow(/PAYMENT_STAND_IN_URLS/);
  });

  it('refuses stand-ins in prod or with test mode switched off', () => {
    const PAYMENT_STAND_IN_URLS = JSON.stringify(urls);
    expect(() => readConfig({ ...base, APP_MODE: 'prod', PAYMENT_STAND_IN_URLS })).toThrow(InvalidConfigurationError);
    expect(() => readConfig({ ...base, APP_MODE: 'prod', PAYMENT_STAND_IN_URLS })).toThrow(/PAYMENT_STAND_IN_URLS: needs payment test mode/);
    expect(() => readConfig({ ...base, PAYMENT_STAND_INS: 'false', PAYMENT_STAND_IN_URLS })).toThrow(/PAYMENT_STAND_IN_URLS: needs payment test mode/);
  });
});
