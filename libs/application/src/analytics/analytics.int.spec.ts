import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogEvent, eventDetails, localDaysFrom, organizer, subscriptionDescriptor } from '@ticketing/testing/catalog-events';
import { startTestApp, type TestApp } from '@ticketing/testing/app';

/**
 * Google Analytics (reference AnalyticsConfiguration, spec 9 "Analytics consent defaults to denied"): configured by
 * the platform, published in the app info and with every event and pass, and the page's content security policy
 * opened for Google's origins (or the configured script's) only then.
 */
const directives = (csp: string): Record<string, string[]> =>
  Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));
const now = new Date();
const descriptor = subscriptionDescriptor({ sale: { start: '2020-01-01T00:00:00', end: '2099-12-31T23:59:00' } });

async function appWith(env: Record<string, string>): Promise<TestApp> {
  // no payment stand-ins: the card provider's own origins stay out of the policies compared here
  const app = await startTestApp({ PAYMENT_STAND_INS: 'false', ...env });
  await app.given('organizer-acme', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer() } })]);
  await app.given('event-counted', [
    catalogEvent({ type: 'EventPublished', data: { event: eventDetails({ shortName: 'counted', start: localDaysFrom(now, 30), end: localDaysFrom(now, 30, '23:00:00') }) } }),
  ]);
  await app.given(`subscription-descriptor-${descriptor.id}`, [catalogEvent({ type: 'SubscriptionDescriptorPublished', data: { descriptor } })]);
  return app;
}

async function publishedBy(app: TestApp) {
  const headers = await app.session();
  const get = async (url: string) => {
    const response = await app.inject({ method: 'GET', url, headers });
    expect(response.statusCode, url).toBe(200);
    return response.json().analyticsConfiguration as unknown;
  };
  return {
    info: await get('/api/v2/info'),
    event: await get('/api/v2/public/event/counted'),
    subscription: await get(`/api/v2/public/subscription/${descriptor.id}`),
    csp: directives(String((await app.inject({ method: 'GET', url: '/api/v2/info' })).headers['content-security-policy'])),
  };
}

describe('analytics configured with a measurement id and a local script address', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await appWith({ GOOGLE_ANALYTICS_KEY: 'G-TEST12345', GOOGLE_ANALYTICS_SCRIPT_URL: 'http://127.0.0.1:4174/gtag/js' });
  });
  afterAll(() => app.close());

  it('publishes the id, anonymous by default, in the info and with every event and pass', async () => {
    const { info, event, subscription } = await publishedBy(app);
    const expected = { googleAnalyticsKey: 'G-TEST12345', googleAnalyticsScrambledInfo: true, clientId: null };
    expect(info).toEqual(expected);
    expect(event).toEqual(expected);
    expect(subscription).toEqual(expected);
  });

  it('lets the page load the script and send its hits to the configured origin, and to nothing else', async () => {
    const { csp } = await publishedBy(app);
    expect(csp['script-src']).toEqual(["'self'", 'http://127.0.0.1:4174']);
    expect(csp['connect-src']).toEqual(["'self'", 'http://127.0.0.1:4174']);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'http://127.0.0.1:4174']);
  });
});

describe("analytics with Google's script, anonymous mode turned off", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await appWith({ GOOGLE_ANALYTICS_KEY: 'G-TEST12345', GOOGLE_ANALYTICS_ANONYMOUS: 'false' });
  });
  afterAll(() => app.close());

  it('publishes the id without the anonymous mode', async () => {
    const { info, event } = await publishedBy(app);
    expect(info).toEqual({ googleAnalyticsKey: 'G-TEST12345', googleAnalyticsScrambledInfo: false, clientId: null });
    expect(event).toEqual(info);
  });

  it("opens the page to Google's tag and collection origins as Google's CSP guide lists them", async () => {
    const { csp } = await publishedBy(app);
    expect(csp['script-src']).toEqual(["'self'", 'https://www.googletagmanager.com/gtag/']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com']);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com']);
  });
});

describe('no analytics configured', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await appWith({ GOOGLE_ANALYTICS_SCRIPT_URL: 'http://127.0.0.1:4174/gtag/js' });
  });
  afterAll(() => app.close());

  it('publishes none, and the page may load nothing of it', async () => {
    const { info, event, subscription, csp } = await publishedBy(app);
    const none = { googleAnalyticsKey: null, googleAnalyticsScrambledInfo: false, clientId: null };
    expect([info, event, subscription]).toEqual([none, none, none]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  });
});

describe('a measurement id that is not one', () => {
  it('stops the start with the setting named', async () => {
    await expect(startTestApp({ GOOGLE_ANALYTICS_KEY: 'G-1"><script>' })).rejects.toThrow(/GOOGLE_ANALYTICS_KEY/);
  });
});
