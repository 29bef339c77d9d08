/**
 * Spec 7 writes some calls with a trailing slash (`POST /reservation/{id}/apply-code/`) and a client built from it
 * sends one; Nest registers every route without it. So an API path's trailing slashes are dropped before routing
 * (Fastify's rewriteUrl); the query string is kept, and page addresses keep theirs.
 */
export function withoutApiTrailingSlash(url: string): string {
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  if (!path.startsWith('/api/') || !path.endsWith('/')) return url;
  return path.replace(/\/+$/, '') + (query < 0 ? '' : url.slice(query));
}
