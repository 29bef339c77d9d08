import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@ticketing/testing/app';

const built = existsSync('dist/storefront/index.html');
if (!built) console.log('skipping storefront embedding tests: dist/storefront is not built (npm run build)');

const HOST = 'https://tickets-host.example.org';
const OTHER = 'https://shop.example.net';
/** A pass that enables embedding, beside the example's, which does not. */
const FRAMED_PASS = '6a1d2b9e-8f3c-4d5e-9a7b-00000000f4a1';
const frameAncestors = (csp: string | undefined) => /frame-ancestors ([^;]*)/.exec(csp ?? '')?.[1]?.split(' ');

/**
 * Spec 1 and 4: the pages of an event that enables embedding may be framed by its host's origin, and only
 * those pages; the API, other events and the rest of the site keep 'self' and EMBEDDING_ALLOWED_ORIGINS.
 */
describe.skipIf(!built)('frame-ancestors follows the event page being framed', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ ORGANIZER_API_KEYS: 'lakeside:k-8d1e4c7a2b9f3a60', EMBEDDING_ALLOWED_ORIGINS: OTHER });
    const catalog = parse(readFileSync('tools/catalog/example.catalog.yaml', 'utf8')) as { events: Record<string, unknown>[]; subscriptions: Record<string, unknown>[] };
    const event = catalog.events[0]!;
    delete event['image'];
    const framed = { ...event, shortName: 'devday-framed', embedding: { enabled: true, notificationOrigin: `${HOST}/`, hideContactData: true } };
    const off = { ...event, shortName: 'devday-off', embedding: { enabled: false, notificationOrigin: HOST } };
    const pass = catalog.subscriptions[0]!;
    delete pass['image'];
    const framedPass = { ...pass, id: FRAMED_PASS, embedding: { enabled: true, notificationOrigin: HOST } };
    const imported = await app.inject({
      method: 'PUT',
      url: '/api/v2/organizer/catalog',
      headers: { authorization: 'ApiKey k-8d1e4c7a2b9f3a60' },
      payload: { ...catalog, events: [event, framed, off], subscriptions: [pass, framedPass] },
    });
    expect(imported.statusCode).toBe(200);
  });
  afterAll(() => app?.close());

  it.each(['/event/devday-framed', '/event/devday-framed/reservation/abc/book', '/event/devday-framed/reservation/abc/success', '/event/devday-framed/ticket/t/view'])(
    '%s may be framed by the event\'s host',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(frameAncestors(response.headers['content-security-policy'] as string)).toEqual(["'self'", OTHER, HOST]);
      expect(response.headers['x-frame-options']).toBeUndefined();
    },
  );

  it.each(['/event/devday-2030', '/event/devday-off', '/event/devday-off/reservation/abc/book', '/', '/api/v2/public/event/devday-framed', '/my-orders'])(
    '%s keeps the site-wide ancestors',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(frameAncestors(response.headers['content-security-policy'] as string)).toEqual(["'self'", OTHER]);
    },
  );

  it.each([`/subscription/${FRAMED_PASS}`, `/subscription/${FRAMED_PASS.toUpperCase()}/reservation/abc/book`, `/subscription/${FRAMED_PASS}/reservation/abc/success`])(
    "%s (a pass that enables embedding) may be framed by the pass's host",
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(frameAncestors(response.headers['content-security-policy'] as string)).toEqual(["'self'", OTHER, HOST]);
    },
  );

  it("keeps the site-wide ancestors on a pass that does not enable it, and the pass's view tells the page its host", async () => {
    const plain = await app.inject({ method: 'GET', url: '/subscription/6a1d2b9e-8f3c-4d5e-9a7b-1c2d3e4f5a6b' });
    expect(frameAncestors(plain.headers['content-security-policy'] as string)).toEqual(["'self'", OTHER]);
    const view = (await app.inject({ method: 'GET', url: `/api/v2/public/subscription/${FRAMED_PASS}` })).json() as { embeddingConfiguration: unknown };
    expect(view.embeddingConfiguration).toEqual({ enabled: true, notificationOrigin: HOST });
    const plainView = (await app.inject({ method: 'GET', url: '/api/v2/public/subscription/6a1d2b9e-8f3c-4d5e-9a7b-1c2d3e4f5a6b' })).json() as { embeddingConfiguration: unknown };
    expect(plainView.embeddingConfiguration).toEqual({ enabled: false, notificationOrigin: '' });
  });

  it('puts the embedding settings in the event view without the catalog-only ones', async () => {
    const view = (await app.inject({ method: 'GET', url: '/api/v2/public/event/devday-framed' })).json() as { embeddingConfiguration: unknown };
    expect(view.embeddingConfiguration).toEqual({ enabled: true, notificationOrigin: `${HOST}/` });
  });
});
