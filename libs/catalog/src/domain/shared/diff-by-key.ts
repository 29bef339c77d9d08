import { sameValue } from './same-value.js';

export interface KeyedDiff<T> {
  readonly added: readonly T[];
  readonly changed: readonly T[];
  readonly removed: readonly T[];
}

/** What it takes to go from `current` to `desired`, matching items by key; order follows `desired`. */
export function diffByKey<T>(current: Readonly<Record<string, T>>, desired: readonly T[], keyOf: (item: T) => string): KeyedDiff<T> {
  const wanted = new Set(desired.map(keyOf));
  const added: T[] = [];
  const changed: T[] = [];
  for (const item of desired) {
    const existing = current[keyOf(item)];
    if (existing === undefined) added.push(item);
    else if (!sameValue(existing, item)) changed.push(item);
  }
  const removed = Object.entries(current)
    .filter(([key]) => !wanted.has(key))
    .map(([, item]) => item);
  return { added, changed, removed };
}
