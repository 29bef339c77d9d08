import { isDatabaseUnavailable } from '@ticketing/postgres';

// lock conflicts: serialization failure, deadlock
const CONFLICT_SQLSTATES = new Set(['40001', '40P01']);

/**
 * True when the error comes from the connection or a lock conflict rather than from the projection's own
 * logic: the runner retries those with a backoff instead of stopping the projection on a network blip.
 */
export function isTransient(error: unknown): boolean {
  if (isDatabaseUnavailable(error)) return true;
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && CONFLICT_SQLSTATES.has(code)) return true;
  }
  return false;
}
