// SQLSTATEs of a server that is going away, starting up or full (admin_shutdown, crash_shutdown, cannot_connect_now,
// too_many_connections); class 08 is every connection exception.
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const UNREACHABLE_NODE_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN']);

/**
 * True when the error says the database cannot be reached right now (refused, cut off, shutting down, starting up,
 * out of connections, no connection free in time) rather than anything about the query: the same work may well
 * succeed once the server is back. Looks through `cause` chains (an error wrapped by the layer that met it).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code) || UNREACHABLE_NODE_CODES.has(code))) return true;
    if (e instanceof Error && /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(e.message)) {
      return true;
    }
    if (e instanceof AggregateError && e.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}
