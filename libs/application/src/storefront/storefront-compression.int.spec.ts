import { existsSync, readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@ticketing/testing/app';

const built = existsSync('dist/storefront/index.html');
if (!built) console.log('skipping storefront compression tests: dist/storefront is not built (npm run build)');

describe.skipIf(!built)('the storefront, compressed', () => {
  let app: TestApp;
  let assets: string[];
  beforeAll(async () => {
    app = await startTestApp();
    const page = await app.inject({ method: 'GET', url: '/' });
    assets = [...page.body.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  });
  afterAll(() => app.close());

  it('sends the copies compressed at build time, which decode to the file itself', async () => {
    expect(assets.some((a) => a.endsWith('.js'))).toBe(true);
    expect(assets.some((a) => a.endsWith('.css'))).toBe(true);
    for (const asset of assets) {
      const file = readFileSync(`dist/storefront${asset}`);
      const identity = await app.inject({ method: 'GET', url: asset });
      const br = await app.inject({ method: 'GET', url: asset, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      const gzip = await app.inject({ method: 'GET', url: asset, headers: { 'accept-encoding': 'gzip' } });
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.rawPayload.equals(file)).toBe(true);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.rawPayload.equals(readFileSync(`dist/storefront${asset}.br`))).toBe(true);
      expect(brotliDecompressSync(br.rawPayload).equals(file)).toBe(true);
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).equals(file)).toBe(true);
      for (const answer of [identity, br, gzip]) {
        expect(answer.statusCode).toBe(200);
        expect(answer.headers['content-type']).toBe(identity.headers['content-type']);
        expect(answer.headers['vary']).toContain('accept-encoding');
        expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
      expect(String(identity.headers['content-type'])).toMatch(asset.endsWith('.js') ? /javascript/ : /text\/css/);
      // Each copy is a file of its own, with its own tag.
      expect(new Set([identity, br, gzip].map((a) => a.headers['etag'])).size).toBe(3);
    }
  });

  it('revalidates a compressed copy by its own tag', async () => {
    const asset = assets.find((a) => a.endsWith('.js'))!;
    const br = await app.inject({ method: 'GET', url: asset, headers: { 'accept-encoding': 'br' } });
    const again = await app.inject({ method: 'GET', url: asset, headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers['etag']) } });
    expect(again.statusCode).toBe(304);
  });

  it('never serves the compressed copies under names of their own', async () => {
    const asset = assets.find((a) => a.endsWith('.js'))!;
    expect((await app.inject({ method: 'GET', url: `${asset}.br` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `${asset}.gz` })).statusCode).toBe(404);
  });

  it('compresses the shell page per request, with its data and tokens', async () => {
    const page = await app.inject({ method: 'GET', url: '/event/devday-2030', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['vary']).toContain('accept-encoding');
    expect(page.headers['cache-control']).toBe('no-store');
    const html = brotliDecompressSync(page.rawPayload).toString();
    expect(html).toMatch(/<meta name="GID" content="[A-Za-z0-9_-]{43}">/);
    const data = JSON.parse(html.match(/<script type="application\/json" id="preloaded-data">(.*?)<\/script>/s)![1]!);
    expect(data['/api/v2/public/i18n/bundle/en']['common.or']).toBe('or');
  });
});
