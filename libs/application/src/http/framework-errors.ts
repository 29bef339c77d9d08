import type { FastifyReply } from 'fastify';
import { failure } from '@ticketing/wire';

/**
 * Bodies for the statuses the framework produces (reference 1.3), so a malformed request never surfaces as
 * a 500: 400 `bad request` (text/plain, reference 1.3) for a body that is not valid JSON or a path the router cannot
 * read, 404 empty, 405, 413, 415, 503 (the database out of reach), and a generic 500 last.
 */
export function replyWithFrameworkError(reply: FastifyReply, status: number): void {
  if (status === 404) {
    reply.code(404).send();
    return;
  }
  if (status === 422) {
    reply.code(422).send(failure([{ fieldName: 'request', code: 'error.invalidFormat', arguments: null }]));
    return;
  }
  const text: Record<number, string> = {
    400: 'bad request',
    401: 'authentication required',
    403: 'Access to resource has been denied',
    405: 'method not supported',
    413: 'payload too large',
    415: 'unsupported media type',
    429: 'too many requests',
    503: 'service unavailable',
  };
  reply
    .code(status >= 400 && status < 600 ? status : 500)
    .header('content-type', 'text/plain; charset=utf-8')
    .send(text[status] ?? 'unexpected exception');
}

/** Seconds a client is asked to wait before trying again when the database cannot be reached. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** The database is out of reach (restarting, cut off): 503 with a Retry-After, as a 429 says when to come back. */
export function replyUnavailable(reply: FastifyReply): void {
  reply.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
  replyWithFrameworkError(reply, 503);
}

/** Fastify's own errors (content-type parsing, body size) carry a 4xx `statusCode` and an `FST_` code. */
export function statusOfFrameworkError(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { statusCode, code } = error as { statusCode?: unknown; code?: unknown };
  const fromFastify = typeof code === 'string' && code.startsWith('FST_');
  return fromFastify && typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500 ? statusCode : undefined;
}
