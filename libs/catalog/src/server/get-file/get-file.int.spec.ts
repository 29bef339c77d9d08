import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogEvent } from '@ticketing/testing/catalog-events';
import { startTestApp, type TestApp } from '@ticketing/testing/app';

// a 1x1 transparent PNG
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const pngId = createHash('sha256').update(png).digest('hex');
const html = Buffer.from('<html><script>alert(1)</script></html>');
const htmlId = createHash('sha256').update(html).digest('hex');
const stored = (bytes: Buffer, id: string, contentType: string) =>
  catalogEvent({ type: 'FileStored', data: { fileId: id, contentType, size: bytes.length, base64: bytes.toString('base64') } });

describe('GET /file/{id}', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
    await app.given(`file-${pngId}`, [stored(png, pngId, 'image/png')]);
    await app.given(`file-${htmlId}`, [stored(html, htmlId, 'text/html')]);
  });
  afterAll(() => app.close());

  it('serves an image with its type, its id as ETag and a six-month cache, 304 when the client has it', async () => {
    const response = await app.inject({ method: 'GET', url: `/file/${pngId}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['etag']).toBe(`"${pngId}"`);
    expect(response.headers['cache-control']).toBe('public, max-age=15778463');
    expect(response.rawPayload.equals(png)).toBe(true);
    const cached = await app.inject({ method: 'GET', url: `/file/${pngId}`, headers: { 'if-none-match': `"${pngId}"` } });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload.length).toBe(0);
  });

  it('serves anything that is not an image as a download', async () => {
    const response = await app.inject({ method: 'GET', url: `/file/${htmlId}` });
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['content-disposition']).toBe('attachment');
  });

  it('answers 404 for an unknown file and 422 for an id that is not a sha256', async () => {
    const unknown = await app.inject({ method: 'GET', url: `/file/${'0'.repeat(64)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe('');
    expect((await app.inject({ method: 'GET', url: '/file/x' })).statusCode).toBe(422);
  });
});
