import type { FastifyRequest } from 'fastify';

export interface RouteRule {
  /** GET also covers HEAD, which Fastify answers with the GET handler. */
  readonly methods: readonly string[];
  readonly path: RegExp;
}

/**
 * A request matches a rule when its method does and any form of its path does: as sent, percent-decoded, or
 * the pattern of the route Fastify picked (`/event/:shortName/...`). The pattern catches spellings the router
 * accepts but a regular expression on the text would miss; the text catches calls to routes not built yet.
 */
export function matchesRule(request: FastifyRequest, rule: RouteRule): boolean {
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  if (!rule.methods.includes(method)) return false;
  return pathsOf(request).some((path) => rule.path.test(path));
}

function pathsOf(request: FastifyRequest): string[] {
  const q = request.url.indexOf('?');
  const sent = q < 0 ? request.url : request.url.slice(0, q);
  const paths = [sent];
  try {
    paths.push(decodeURIComponent(sent));
  } catch {
    // not valid percent-encoding: the router refuses it too
  }
  const pattern = request.routeOptions.url;
  if (pattern) paths.push(pattern);
  return paths;
}
