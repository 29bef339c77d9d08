/**
 * The JSON form of a value, as it will be stored and read back: Dates become strings, `undefined` fields vanish.
 * Events are normalised once through this before they are hashed and stored, so the hash is computed over
 * exactly what a later reader gets back.
 */
export function toJsonValue<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/**
 * JSON with object keys sorted (in the spirit of RFC 8785). PostgreSQL's jsonb does not keep key order, so a
 * hash over plain JSON.stringify would change between writing and verifying; sorted keys make it stable.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  const record = value as Record<string, unknown>;
  const fields = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
  return `{${fields.join(',')}}`;
}
