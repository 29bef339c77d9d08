import type { FastifyInstance } from 'fastify';
import { replyWithFrameworkError } from './framework-errors.js';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A route's path as a pattern of concrete paths: a segment with a parameter matches any one segment, `*` the rest. */
function patternOf(url: string): RegExp {
  const segments = url.split('/').map((segment) => (segment === '*' ? '.*' : segment.includes(':') ? '[^/]+' : escaped(segment)));
  return new RegExp(`^${segments.join('/')}$`);
}

/**
 * A method the path does not have: 405 `method not supported` with `Allow` (reference 1.3), where Fastify would
 * answer the 404 of a path that does not exist. Routes are recorded as they are added: install it before any.
 */
export function installMethodNotAllowed(fastify: FastifyInstance): void {
  const routes: { method: string; pattern: RegExp }[] = [];
  fastify.addHook('onRoute', (route) => {
    const pattern = patternOf(route.url);
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) routes.push({ method: String(method), pattern });
  });
  fastify.addHook('onRequest', async (request, reply) => {
    // a request that found its route, or none at all, goes on (to its handler, or to the empty 404)
    if (request.routeOptions.url !== undefined) return undefined;
    const q = request.url.indexOf('?');
    const path = q < 0 ? request.url : request.url.slice(0, q);
    const allowed = [...new Set(routes.filter((r) => r.method !== 'HEAD' && r.pattern.test(path)).map((r) => r.method))];
    if (allowed.length === 0 || allowed.includes(request.method)) return undefined;
    reply.header('Allow', allowed.join(', '));
    replyWithFrameworkError(reply, 405);
    return reply;
  });
}
