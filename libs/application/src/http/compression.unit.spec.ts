import Fastify, { type FastifyInstance } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD, installCompression, isCompressibleType } from './compression.js';

const large = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item ${i}` })) });
const small = JSON.stringify({ ok: true, id: 'x'.repeat(100) });
const TAG = '"abc123"';

describe('isCompressibleType', () => {
  it.each(['text/html; charset=utf-8', 'application/json; charset=utf-8', 'text/javascript', 'text/css', 'image/svg+xml', 'application/problem+json', 'text/plain'])(
    'compresses %s',
    (type) => expect(isCompressibleType(type)).toBe(true),
  );
  it.each(['text/event-stream', 'font/woff2', 'image/png', 'application/octet-stream', 'application/pdf', 'application/zip'])(
    'leaves %s as it is',
    (type) => expect(isCompressibleType(type)).toBe(false),
  );
});

describe('installCompression', () => {
  let app: FastifyInstance;
  // One Buffer sent again and again, as the catalog's kept JSON bodies are.
  const kept = Buffer.from(large);
  beforeAll(async () => {
    app = Fastify();
    await installCompression(app);
    app.get('/large', async (_request, reply) => reply.type('application/json; charset=utf-8').header('ETag', TAG).send(large));
    app.get('/small', async (_request, reply) => reply.type('application/json; charset=utf-8').send(small));
    app.get('/events', async (_request, reply) => reply.type('text/event-stream').send(`data: ${large}\n\n`));
    app.get('/empty', async (_request, reply) => reply.code(204).send());
    app.get('/kept', async (request, reply) => {
      reply.type('application/json; charset=utf-8').header('ETag', TAG);
      if (request.headers['if-none-match']?.replace(/^W\//, '') === TAG) return reply.code(304).send();
      return reply.send(kept);
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('compresses a large answer with the encoding the client prefers, to the same content, and says it varies', async () => {
    const br = await app.inject({ url: '/large', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toBe('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(large);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    const gzip = await app.inject({ url: '/large', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(large);
  });

  it('makes the ETag of a compressed answer weak, and keeps it strong when the body goes as it is', async () => {
    const br = await app.inject({ url: '/large', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['etag']).toBe(`W/${TAG}`);
    const identity = await app.inject({ url: '/large' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers['etag']).toBe(TAG);
    expect(identity.headers['vary']).toBe('accept-encoding');
    expect(identity.body).toBe(large);
  });

  it('leaves answers under the threshold, event streams and bodiless answers as they are', async () => {
    expect(Buffer.byteLength(small)).toBeLessThan(COMPRESSION_THRESHOLD);
    const headers = { 'accept-encoding': 'gzip, deflate, br' };
    const answer = await app.inject({ url: '/small', headers });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['vary']).toBeUndefined();
    expect(answer.body).toBe(small);
    const events = await app.inject({ url: '/events', headers });
    expect(events.headers['content-encoding']).toBeUndefined();
    expect(events.body).toBe(`data: ${large}\n\n`);
    const empty = await app.inject({ url: '/empty', headers });
    expect(empty.statusCode).toBe(204);
    expect(empty.headers['content-encoding']).toBeUndefined();
  });

  it("honours a client's x-no-compression", async () => {
    const answer = await app.inject({ url: '/large', headers: { 'accept-encoding': 'br', 'x-no-compression': '1' } });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body).toBe(large);
  });

  it('compresses a body sent as the same Buffer once per Accept-Encoding header', async () => {
    const first = await app.inject({ url: '/kept', headers: { 'accept-encoding': 'gzip, br' } });
    expect(first.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(large);
    const gzip = await app.inject({ url: '/kept', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(large);
    // Proof that the second answer is the kept one: a Buffer written to after it was sent (which no caller
    // does) still answers its first content compressed, and its new content uncompressed.
    const original = Buffer.from(kept);
    kept.fill(0x20);
    try {
      const again = await app.inject({ url: '/kept', headers: { 'accept-encoding': 'gzip, br' } });
      expect(again.headers['content-encoding']).toBe('br');
      expect(again.headers['etag']).toBe(`W/${TAG}`);
      expect(again.headers['vary']).toBe('accept-encoding');
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      const identity = await app.inject({ url: '/kept' });
      expect(identity.body.trim()).toBe('');
    } finally {
      original.copy(kept);
    }
  });

  it('answers 304 with the tag in the form the client holds it', async () => {
    const weak = await app.inject({ url: '/kept', headers: { 'accept-encoding': 'br', 'if-none-match': `W/${TAG}` } });
    expect(weak.statusCode).toBe(304);
    expect(weak.headers['etag']).toBe(`W/${TAG}`);
    expect(weak.headers['content-encoding']).toBeUndefined();
    expect(weak.rawPayload.length).toBe(0);
    const strong = await app.inject({ url: '/kept', headers: { 'if-none-match': TAG } });
    expect(strong.statusCode).toBe(304);
    expect(strong.headers['etag']).toBe(TAG);
  });
});

describe('installCompression beside a handler that sends without returning the reply', () => {
  it('lets the answer go out in one pass of the onSend hooks', async () => {
    // An async handler that calls reply.send() and returns nothing is answered again by Fastify when the send
    // has not finished by the time the handler's promise settles: each asynchronous onSend hook widens that gap.
    const app = Fastify();
    app.addHook('onSend', async (_request, _reply, payload) => payload);
    await installCompression(app);
    const errors: unknown[] = [];
    app.setErrorHandler((error, _request, reply) => {
      errors.push(error);
      return reply.send(error);
    });
    app.get('/page', async (_request, reply) => {
      await Promise.resolve();
      reply.type('text/html; charset=utf-8').send(`<p>${large}</p>`);
    });
    await app.ready();
    const answer = await app.inject({ url: '/page', headers: { 'accept-encoding': 'br' } });
    expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(`<p>${large}</p>`);
    expect(errors).toEqual([]);
    await app.close();
  });
});
