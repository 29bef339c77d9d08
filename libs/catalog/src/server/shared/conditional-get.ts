import { Readable } from 'node:stream';
import { StreamableFile } from '@nestjs/common';
import type { FastifyReply } from 'fastify';

/**
 * Whether an If-None-Match header lists `etag` (RFC 9110 13.1.2: weak comparison, `*` matches anything).
 * Tags are compared without their W/ prefix and quotes, so clients that drop the quotes still match.
 */
export function noneMatchHits(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const header = Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '').replace(/^"|"$/g, '');
  const wanted = bare(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === wanted);
}

/**
 * Turns the reply into a bodiless 304. The zod serializer passes a StreamableFile through untouched, so an
 * empty stream is how a handler with a typed response (`T`, what @ZodResponse expects) sends nothing; no
 * Content-Length is set (a 304 may only repeat the 200's).
 */
export function notModified<T>(reply: FastifyReply): T {
  reply.status(304);
  return new StreamableFile(Readable.from([])) as unknown as T;
}
