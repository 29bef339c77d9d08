import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@ticketing/testing/app';
import { catalogEvent, organizer } from '@ticketing/testing/catalog-events';

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

  it('says DEGRADED, naming the projection and why, once one stopped on an event (its read model stays behind)', async () => {
    // a read model that refuses what an event says (as a projection's bug or a hand-made change of its table would)
    const { rows } = await app.db.query<{ schema: string; name: string }>(
      "select table_schema as schema, table_name as name from information_schema.tables where table_name like 'catalog_organizers%'",
    );
    for (const table of rows) await app.db.query(`alter table "${table.schema}"."${table.name}" add constraint health_spec check (name <> 'Broken Ltd')`);
    const { position } = await app.store.append('organizer-broken', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer({ slug: 'broken', name: 'Broken Ltd' }) } })]);
    let health: { status: string; projections: { name: string; error: string | null; position: string }[] } | undefined;
    for (let tries = 0; tries < 100 && health?.status !== 'DEGRADED'; tries++) {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      health = response.json();
      await new Promise((done) => setTimeout(done, 50));
    }
    expect(health!.status).toBe('DEGRADED');
    const stopped = health!.projections.filter((p) => p.error !== null);
    expect(stopped.length).toBeGreaterThan(0);
    expect(stopped[0]!.error).toContain(`position ${position}`);
    expect(health!.projections.filter((p) => p.error === null).every((p) => BigInt(p.position) >= position)).toBe(true);
  });
});
