/**
 * The JSON form of a value, as it will be stored and read back: Dates become strings, `undefined` fields vanish.
 * Events are normalised once through this before they are hashed and stored, so the hash is computed over
 * exactly what a later reader gets back. The text comes along: it is what JSON.stringify of the form gives
 * again, so the PostgreSQL insert sends it instead of stringifying the form a second time.
 */
export function toJsonForm<T>(value: T): { readonly value: T; readonly text: string } {
  const text = JSON.stringify(value);
  return { value: JSON.parse(text) as T, text };
}

/**
 * JSON with object keys sorted (in the spirit of RFC 8785). PostgreSQL's jsonb does not keep key order, so a
 * hash over plain JSON.stringify would change between writing and verifying; sorted keys make it stable.
 *
 * Every hash of the log depends on this text, so it must never change. It is written in one pass, straight
 * to a string, because every append hashes its events (0.1 ms per seat in a rush with the map/sort/join
 * form it replaced). canonical-json.unit.spec.ts holds that form and checks the two agree. What the text
 * is, for the record: object keys (Object.keys: own, enumerable, not symbols; so a Date is `{}`) in UTF-16
 * code unit order, fields whose value is undefined left out; undefined in an array is `null`, a hole is
 * nothing (`[,1]`); anything else as JSON.stringify writes it, `null` where it writes nothing.
 */
export function canonicalJson(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return quoted(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      if (value === null) return 'null';
      return Array.isArray(value) ? canonicalArray(value) : canonicalObject(value as Record<string, unknown>);
    default:
      return JSON.stringify(value) ?? 'null';
  }
}

function canonicalArray(array: readonly unknown[]): string {
  let text = '[';
  for (let i = 0; i < array.length; i++) {
    if (i > 0) text += ',';
    const item = array[i];
    if (item !== undefined) text += canonicalJson(item);
    else if (i in array) text += 'null';
  }
  return text + ']';
}

function canonicalObject(record: Record<string, unknown>): string {
  const keys = sortedKeys(record);
  let text = '{';
  for (const key of keys) {
    const item = record[key];
    if (item === undefined) continue;
    text += (text.length === 1 ? '' : ',') + quotedKey(key) + ':' + canonicalJson(item);
  }
  return text + '}';
}

/** Insertion sort: objects have a few keys, often sorted already, and this beats Array.prototype.sort there. */
function sortedKeys(record: Record<string, unknown>): string[] {
  const keys = Object.keys(record);
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i]!;
    let j = i - 1;
    while (j >= 0 && keys[j]! > key) {
      keys[j + 1] = keys[j]!;
      j--;
    }
    keys[j + 1] = key;
  }
  return keys;
}

/** What JSON.stringify escapes in a string: quote, backslash, control characters, lone surrogates (any surrogate is sent there). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

function quoted(text: string): string {
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`;
}

/**
 * Events repeat the same few dozen keys, so their quoted forms are kept. Attendee metadata brings keys of the
 * buyer's choosing: the cache is emptied when full rather than left to grow.
 */
const QUOTED_KEYS_KEPT = 1_000;
const quotedKeys = new Map<string, string>();

function quotedKey(key: string): string {
  let text = quotedKeys.get(key);
  if (text === undefined) {
    if (quotedKeys.size >= QUOTED_KEYS_KEPT) quotedKeys.clear();
    text = quoted(key);
    quotedKeys.set(key, text);
  }
  return text;
}
