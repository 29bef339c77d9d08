import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@ticketing/testing/app';

describe('GET /api/v2/info', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ ANNOUNCEMENT_BANNER_HTML: '  <b>Doors open at 18:00</b>  ', GLOBAL_TERMS_URL: 'https://example.org/terms' });
  });
  afterAll(() => app.close());

  it('answers AlfioInfo with exactly the reference fields, cacheable for 10 minutes', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v2/info' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=600');
    const info = response.json();
    expect(Object.keys(info).sort()).toEqual(
      [
        'analyticsConfiguration', 'announcementBannerContentHTML', 'challengeConfiguration', 'demoModeEnabled', 'devModeEnabled',
        'globalPrivacyPolicyUrl', 'globalTermsUrl', 'invoicingConfiguration', 'prodModeEnabled', 'walletConfiguration',
      ].sort(),
    );
    expect(info).toMatchObject({
      devModeEnabled: true,
      prodModeEnabled: false,
      announcementBannerContentHTML: '<b>Doors open at 18:00</b>',
      globalTermsUrl: 'https://example.org/terms',
      globalPrivacyPolicyUrl: null,
      challengeConfiguration: { apiKey: null, enabled: false, providerId: null },
      walletConfiguration: { gWalletEnabled: false, passEnabled: false },
    });
    // /api/v2/info is not under /public: no session token is published there
    expect(response.headers['xsrf-token']).toBeUndefined();
  });

  it('says login is not enabled until it exists', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v2/public/user/authentication-enabled' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('false');
  });

  it('reports health with the database, the log head and the projections', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'UP', database: 'UP', eventStore: 'UP' });
  });
});
