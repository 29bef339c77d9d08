// SQLSTATE classes and socket errors after which the same batch may well succeed on a second try.
const TRANSIENT_SQLSTATES = new Set(['40001', '40P01', '53300', '57P01', '57P02', '57P03']);
const TRANSIENT_NODE_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);

/**
 * True when the error comes from the connection or a lock conflict rather than from the projection's own
 * logic: the runner retries those with a backoff instead of stopping the projection on a network blip.
 */
export function isTransient(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (code.startsWith('08') || TRANSIENT_SQLSTATES.has(code) || TRANSIENT_NODE_CODES.has(code))) return true;
    if (e instanceof Error && /Connection terminated|connection timeout/i.test(e.message)) return true;
  }
  return false;
}
