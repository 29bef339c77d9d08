import { useEffect, useState } from 'react';

/**
 * `value` once it has stopped changing for `delayMs` (compared with Object.is: pass a primitive); `initial` until
 * then (by default the first value, settled at once).
 */
export function useDebouncedValue<T>(value: T, delayMs: number, initial: T = value): T {
  const [settled, setSettled] = useState(initial);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
