import { readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@ticketing/testing/app';
import { COMPRESSION_THRESHOLD } from './compression.js';

const decode = (encoding: string | undefined, body: Buffer) =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;

describe('compressed answers of the API', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ ORGANIZER_API_KEYS: 'lakeside:k-3f9a1c2e7b5d8e0f4a6c' });
    const catalog = parse(readFileSync('tools/catalog/example.catalog.yaml', 'utf8')) as { events?: Record<string, unknown>[] };
    for (const event of catalog.events ?? []) delete event['image'];
    const imported = await app.inject({ method: 'PUT', url: '/api/v2/organizer/catalog', headers: { authorization: 'ApiKey k-3f9a1c2e7b5d8e0f4a6c' }, payload: catalog });
    expect(imported.statusCode).toBe(200);
  });
  afterAll(() => app.close());

  it('leaves a small JSON answer uncompressed', async () => {
    const answer = await app.inject({ method: 'GET', url: '/api/v2/info', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.json()).toHaveProperty('devModeEnabled');
  });

  it.each(['br', 'gzip'])('compresses a large JSON answer with %s to the same JSON, and says it varies', async (encoding) => {
    const url = '/api/v2/public/i18n/bundle/en';
    const plain = await app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toContain('accept-encoding');
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    const compressed = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe(encoding);
    expect(compressed.headers['content-type']).toBe(plain.headers['content-type']);
    expect(compressed.headers['vary']).toContain('accept-encoding');
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(decode(encoding, compressed.rawPayload).toString())).toEqual(plain.json());
  });

  it('keeps the event endpoint’s ETag and 304 working, compressed or not', async () => {
    const url = '/api/v2/public/event/devday-2030';
    const plain = await app.inject({ method: 'GET', url });
    expect(plain.statusCode).toBe(200);
    const tag = String(plain.headers['etag']);
    expect(tag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['etag']).toBe(`W/${tag}`);
    expect(br.headers['cache-control']).toBe(plain.headers['cache-control']);
    expect(br.headers['access-control-allow-origin']).toBe('*');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gzip = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['etag']).toBe(`W/${tag}`);
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());

    const holdsCompressed = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br', 'if-none-match': `W/${tag}` } });
    expect(holdsCompressed.statusCode).toBe(304);
    expect(holdsCompressed.headers['etag']).toBe(`W/${tag}`);
    expect(holdsCompressed.headers['content-encoding']).toBeUndefined();
    expect(holdsCompressed.rawPayload.length).toBe(0);
    const holdsPlain = await app.inject({ method: 'GET', url, headers: { 'if-none-match': tag } });
    expect(holdsPlain.statusCode).toBe(304);
    expect(holdsPlain.headers['etag']).toBe(tag);
    const holdsPlainAcceptsBr = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br', 'if-none-match': tag } });
    expect(holdsPlainAcceptsBr.statusCode).toBe(304);
    const stale = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br', 'if-none-match': 'W/"something-else"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.headers['content-encoding']).toBe('br');
  });

  it('does not compress a reserve-tickets answer (small, on the on-sale rush path)', async () => {
    const session = await app.session();
    const offer = await app.inject({ method: 'GET', url: '/api/v2/public/event/devday-2030/ticket-categories?code=SPEAKERS2030' });
    const speaker = (offer.json() as { ticketCategories: { id: number; name: string }[] }).ticketCategories.find((c) => c.name === 'Speaker')!;
    const answer = await app.inject({
      method: 'POST',
      url: '/api/v2/public/event/devday-2030/reserve-tickets?lang=en',
      headers: { ...session, 'accept-encoding': 'gzip, deflate, br' },
      payload: { reservation: [{ ticketCategoryId: speaker.id, amount: 1 }], promoCode: 'SPEAKERS2030' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ success: true });
    expect(answer.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD);
    expect(answer.headers['content-encoding']).toBeUndefined();
  });
});
