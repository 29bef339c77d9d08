import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import { constants } from 'node:zlib';

/**
 * Answers smaller than this go as they are: compressing a few hundred bytes saves less than a packet and costs
 * CPU on the hottest calls (a reserve-tickets answer is well under it).
 */
export const COMPRESSION_THRESHOLD = 1024;
/**
 * Brotli quality and gzip level on the fly: past these, each step costs much more CPU than it saves bytes. On the
 * event page's shell (53 KB): brotli 1 16.7 KB in ~0.13 ms, 2 15.5 KB in ~0.24 ms, 4 15.0 KB in ~0.52 ms, 5 14.1 KB
 * in ~0.81 ms; gzip 1 17.0 KB in ~0.29 ms, 4 15.3 KB in ~0.42 ms, 6 14.8 KB in ~0.71 ms. On 8.6 KB of JSON (the
 * event list): brotli 2 2.2 KB in ~30 us, 4 2.0 KB in ~57 us. Static files are compressed as hard as the formats
 * allow, once, at build time (apps/storefront/precompress.ts).
 */
export const BROTLI_QUALITY = 2;
export const GZIP_LEVEL = 4;
/**
 * Up to this size a body is compressed in one synchronous call rather than through a stream (the plugin's
 * default on two cores is 8 KB): the page shell (~53 KB) costs ~0.25 ms either way, and only a body compressed
 * in one call can be kept (below).
 */
const SYNC_LIMIT = 64 * 1024;
/** Kept encodings per body: one per Accept-Encoding header seen (browsers send a handful of distinct ones). */
const KEPT_PER_BODY = 4;

/**
 * Whether an answer of this media type is worth compressing: text (but never a server-sent event stream,
 * which must flow as it is written), JSON, XML, JavaScript and SVG. Images, fonts (WOFF/WOFF2 are compressed
 * inside), downloads (application/octet-stream) and anything unknown go as they are.
 */
export function isCompressibleType(contentType: string): boolean {
  const type = contentType.split(';', 1)[0]!.trim().toLowerCase();
  if (type === 'text/event-stream') return false;
  return (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type === 'application/javascript' ||
    type === 'application/xml' ||
    type === 'image/svg+xml' ||
    /^application\/[a-z0-9.+-]+\+(json|xml)$/.test(type)
  );
}

interface Pending {
  /** A Buffer body whose compressed form may be kept for the next answer with the same body and header. */
  readonly keep?: { body: Buffer; acceptEncoding: string };
}

/**
 * Compresses every compressible answer of at least COMPRESSION_THRESHOLD bytes with brotli or gzip, whichever
 * the client prefers (@fastify/compress decides), and keeps the rules a cache relies on:
 * - `Vary: Accept-Encoding` on every answer that could have been compressed, also when it went uncompressed;
 * - a strong ETag becomes weak (`W/`) when the body is compressed here: the tag names the content, which is
 *   the same in every encoding, and If-None-Match compares weakly, so a client's copy still answers 304;
 * - a 304 repeats the tag in the form the client holds it (weak when it holds the compressed answer);
 * - 204 and 304 carry no body to compress; a client's `x-no-compression` header is honoured.
 * A body sent as the same Buffer again (the catalog keeps the JSON bytes of its hot reads, see
 * @ticketing/catalog's JsonBodies) is compressed once per Accept-Encoding header: a Buffer handed to
 * `reply.send` is never written to afterwards, so its compressed form stays right while the Buffer lives.
 * Request bodies are not decompressed (no client of the public API sends them compressed).
 *
 * Must be installed before any route is added: the plugin hooks each route as it is added.
 */
export async function installCompression(fastify: FastifyInstance): Promise<void> {
  await fastify.register(fastifyCompress, {
    globalCompression: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD,
    syncThreshold: SYNC_LIMIT,
    customTypes: isCompressibleType,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: GZIP_LEVEL },
  });

  const pending = new WeakMap<FastifyReply, Pending>();
  const kept = new WeakMap<Buffer, Map<string, { encoding: string; body: Buffer }>>();

  // Global onSend hooks run before each route's own, so this one sees the body before the plugin does. Both
  // hooks answer synchronously: an asynchronous one delays the send, and an async handler that calls
  // reply.send() without returning the reply is then answered a second time by Fastify (ERR_HTTP_HEADERS_SENT).
  const beforeCompression: onSendHookHandler = (request, reply, payload, done) => {
    if (reply.statusCode === 304) {
      repeatClientsTagForm(request, reply);
      return done(null, payload);
    }
    if (!couldCompress(reply, payload)) return done(null, payload);
    const acceptEncoding = request.headers['accept-encoding'];
    if (Buffer.isBuffer(payload) && reply.statusCode === 200 && acceptEncoding && request.headers['x-no-compression'] === undefined) {
      const hit = kept.get(payload)?.get(acceptEncoding);
      if (hit) {
        reply.header('Content-Encoding', hit.encoding);
        pending.set(reply, {});
        return done(null, hit.body);
      }
      pending.set(reply, { keep: { body: payload, acceptEncoding } });
    } else {
      pending.set(reply, {});
    }
    return done(null, payload);
  };
  fastify.addHook('onSend', beforeCompression);

  // After the plugin's own onSend on each route (onRoute hooks run in the order they were added).
  const afterCompression: onSendHookHandler = (_request, reply, payload, done) => {
    const state = pending.get(reply);
    if (state) {
      addVaryAcceptEncoding(reply);
      const encoding = reply.getHeader('Content-Encoding');
      if (encoding !== undefined && encoding !== 'identity') {
        weakenEtag(reply);
        if (state.keep && Buffer.isBuffer(payload)) {
          const forBody = kept.get(state.keep.body) ?? new Map<string, { encoding: string; body: Buffer }>();
          if (forBody.size < KEPT_PER_BODY) forBody.set(state.keep.acceptEncoding, { encoding: String(encoding), body: payload });
          kept.set(state.keep.body, forBody);
        }
      }
    }
    done(null, payload);
  };
  fastify.addHook('onRoute', (route) => {
    if (route.compress === false) return;
    route.onSend = [...(route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend]), afterCompression];
  });
}

/** What the plugin would compress if the client accepts it (it compresses any stream; buffered bodies by size). */
function couldCompress(reply: FastifyReply, payload: unknown): boolean {
  if (payload === null || payload === undefined || reply.statusCode === 204 || reply.statusCode === 206) return false;
  if (reply.hasHeader('Content-Encoding') || reply.hasHeader('Content-Range')) return false;
  if (!isCompressibleType(String(reply.getHeader('Content-Type') ?? 'application/json'))) return false;
  // A string has at least as many UTF-8 bytes as UTF-16 units: its length spares counting a large page's bytes.
  if (typeof payload === 'string') return payload.length >= COMPRESSION_THRESHOLD || Buffer.byteLength(payload) >= COMPRESSION_THRESHOLD;
  if (Buffer.isBuffer(payload)) return payload.length >= COMPRESSION_THRESHOLD;
  return typeof (payload as { pipe?: unknown }).pipe === 'function';
}

function repeatClientsTagForm(request: FastifyRequest, reply: FastifyReply): void {
  const etag = reply.getHeader('ETag');
  const ifNoneMatch = request.headers['if-none-match'];
  if (typeof etag !== 'string' || etag.startsWith('W/') || !ifNoneMatch) return;
  if (ifNoneMatch.split(',').some((tag) => tag.trim() === `W/${etag}`)) {
    reply.header('ETag', `W/${etag}`);
    addVaryAcceptEncoding(reply);
  }
}

function weakenEtag(reply: FastifyReply): void {
  const etag = reply.getHeader('ETag');
  if (typeof etag === 'string' && !etag.startsWith('W/')) reply.header('ETag', `W/${etag}`);
}

function addVaryAcceptEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('Vary');
  const current = vary === undefined ? '' : Array.isArray(vary) ? vary.join(', ') : String(vary);
  const tokens = current.split(',').map((token) => token.trim().toLowerCase());
  if (tokens.includes('accept-encoding') || tokens.includes('*')) return;
  // Lower case, as @fastify/compress and @fastify/static write it.
  reply.header('Vary', current ? `${current}, accept-encoding` : 'accept-encoding');
}
