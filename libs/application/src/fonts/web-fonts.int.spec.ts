import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@ticketing/testing/app';

// The names alf.io's server keeps under /resources/font/ and its public pages' @font-face rules ask for.
const SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'];
const packageFile = (name: string) => readFileSync(`node_modules/@fontsource/source-sans-pro/${name}`);

describe('the web fonts of the alf.io public frontend', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it.each(SUBSETS)('serves SourceSansPro-Regular.%s.woff2 as WOFF2, cached for a year, without a session', async (subset) => {
    const answer = await app.inject({ method: 'GET', url: `/resources/font/SourceSansPro-Regular.${subset}.woff2`, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('font/woff2');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    // WOFF2 is brotli inside: sent as it is.
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(answer.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
    expect(answer.rawPayload.equals(packageFile(`files/source-sans-pro-${subset}-400-normal.woff2`))).toBe(true);
  });

  it('answers a copy the client holds with 304, and HEAD without a body', async () => {
    const url = '/resources/font/SourceSansPro-Regular.latin.woff2';
    const first = await app.inject({ method: 'GET', url });
    const etag = String(first.headers['etag']);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const head = await app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('font/woff2');
    expect(head.rawPayload.length).toBe(0);
  });

  it('serves the font licence (SIL Open Font License 1.1) beside the fonts', async () => {
    const answer = await app.inject({ method: 'GET', url: '/resources/font/SourceSansPro-OFL.txt' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(answer.body).toContain('SIL OPEN FONT LICENSE Version 1.1');
    expect(answer.body).toBe(packageFile('LICENSE').toString('utf8'));
  });

  it.each([
    '/resources/font/SourceSansPro-Bold.latin.woff2',
    '/resources/font/SourceSansPro-Regular.latin.woff',
    '/resources/font/SourceSansPro-Regular.latin.woff2.br',
    '/resources/font/',
    '/resources/font/..%2F..%2Fpackage.json',
    '/resources/font/%2e%2e%2f%2e%2e%2fpackage.json',
    '/resources/font/..%5C..%5Cpackage.json',
    '/resources/font/../../package.json',
    '/resources/font/x/../../../package.json',
    '/resources/font/files%2Fsource-sans-pro-latin-400-normal.woff2',
    '/resources/font/LICENSE',
  ])('answers %s with 404', async (url) => {
    const answer = await app.inject({ method: 'GET', url });
    expect(answer.statusCode).toBe(404);
    expect(answer.body).not.toContain('"name"');
    expect(answer.body).not.toContain('wOF2');
  });
});
