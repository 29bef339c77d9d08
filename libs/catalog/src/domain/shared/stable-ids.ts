/**
 * Integer ids per organizer key, stable forever: a key keeps the id it got first (also after a removal and
 * re-adding), a new key gets max + 1 over every id ever given, so an id is never reused for something else
 * (sold tickets and reservations point at it).
 */
export function assignIds(keys: readonly string[], known: Readonly<Record<string, number>>): Record<string, number> {
  const ids: Record<string, number> = { ...known };
  let next = Math.max(0, ...Object.values(known)) + 1;
  for (const key of keys) {
    if (ids[key] === undefined) ids[key] = next++;
  }
  return ids;
}
