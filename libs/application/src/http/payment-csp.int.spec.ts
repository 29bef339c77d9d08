import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@ticketing/testing/app';
import { PAYMENT_STAND_IN_URLS, PAYMENT_STAND_INS } from '../payments/payment-stand-ins.module.js';
import type { RunningStandIns } from '../payments/payment-stand-ins.js';

/** The storefront page's CSP lets it reach a card provider only when one is configured (issue 13). */
const directives = (csp: string) => Object.fromEntries(csp.split(/;\s*/).map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
const cspOf = async (app: TestApp) => directives(String((await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']));

describe('payment test mode', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ PAYMENT_STAND_INS: 'true' });
  });
  afterAll(() => app.close());

  it("lets the page confirm a card at the Stripe stand-in (its confirm call, its 3-D Secure page's form), and loads nothing of Stripe's", async () => {
    const standIn = new URL(app.app.get<RunningStandIns>(PAYMENT_STAND_INS, { strict: false }).urls.stripe).origin;
    const csp = await cspOf(app);
    expect(csp['connect-src']).toEqual(["'self'", standIn]);
    expect(csp['form-action']).toEqual(["'self'", standIn]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['frame-src']).toBeUndefined();
  });
});

describe('payment test mode with stand-ins started elsewhere (PAYMENT_STAND_IN_URLS)', () => {
  const urls = { stripe: 'http://127.0.0.1:4101', mollie: 'http://127.0.0.1:4102', paypal: 'http://127.0.0.1:4103', saferpay: 'http://127.0.0.1:4104' };
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ PAYMENT_STAND_IN_URLS: JSON.stringify(urls) });
  });
  afterAll(() => app.close());

  it('starts none of its own; the page may confirm a card at the Stripe stand-in named', async () => {
    expect(app.app.get(PAYMENT_STAND_INS, { strict: false })).toBeNull();
    expect(app.app.get(PAYMENT_STAND_IN_URLS, { strict: false })).toEqual(urls);
    const csp = await cspOf(app);
    expect(csp['connect-src']).toEqual(["'self'", urls.stripe]);
    expect(csp['form-action']).toEqual(["'self'", urls.stripe]);
  });
});

describe('no card provider', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ PAYMENT_STAND_INS: 'false' });
  });
  afterAll(() => app.close());

  it('allows nothing beyond the site itself', async () => {
    const csp = await cspOf(app);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['form-action']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
  });
});

describe('a real Stripe key in the environment', () => {
  const NAME = 'CSP_SPEC_STRIPE_PUBLISHABLE_KEY';
  let app: TestApp;
  beforeAll(async () => {
    process.env[NAME] = 'pk_live_51CspSpecOnlyNotAKey';
    app = await startTestApp({ PAYMENT_STAND_INS: 'false' });
  });
  afterAll(async () => {
    delete process.env[NAME];
    await app.close();
  });

  it('loads Stripe.js from js.stripe.com, frames its card field and 3-D Secure, and calls its API', async () => {
    const csp = await cspOf(app);
    expect(csp['script-src']).toEqual(["'self'", 'https://js.stripe.com']);
    expect(csp['frame-src']).toEqual(['https://js.stripe.com', 'https://hooks.stripe.com']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
    expect(csp['form-action']).toEqual(["'self'"]);
  });
});
