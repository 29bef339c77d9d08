/** What an element of a PostgreSQL array parameter may be. */
export type ArrayElement = string | number | bigint | boolean | Buffer | null | undefined;

/** An element that array_in would not read back as itself unquoted: a delimiter, a quote, a backslash, space, empty, NULL. */
const NEEDS_QUOTES = /[{}",\\\s]/;

/**
 * The PostgreSQL array literal of `values` (`{1,"a b",NULL}`), for a `$n::type[]` parameter: the text node-postgres
 * sends for a JS array, built with one `join`. node-postgres grows it element by element (a string per step, then one
 * more to flatten it before sending); a replay sends arrays of 10,000 ids per page and statement, and those were 17 % of
 * its allocations (bench/replay/README.md, session 21). Elements are quoted only when they must be; null and
 * undefined are NULL, a Buffer is bytea's hex form.
 */
export function arrayLiteral(values: readonly ArrayElement[]): string {
  if (values.length === 0) return '{}';
  // the braces go into the joined parts: `{` + joined + `}` would be a string of three pieces, copied whole once more
  // when node-postgres measures it to send it
  const parts = values.map(element);
  parts[0] = `{${parts[0]!}`;
  parts[parts.length - 1] = `${parts[parts.length - 1]!}}`;
  return parts.join(',');
}

function element(value: ArrayElement): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (Buffer.isBuffer(value)) return `"\\\\x${value.toString('hex')}"`;
  if (value === '' || NEEDS_QUOTES.test(value) || (value.length === 4 && value.toLowerCase() === 'null')) return `"${value.replace(/[\\"]/g, '\\$&')}"`;
  return value;
}

/**
 * The JSON array whose elements are the JSON documents `texts` (`[{"a":1},{"b":2}]`), for a `$n::jsonb` parameter a
 * statement takes apart with `jsonb_array_elements`: no element is escaped, where an array literal of the same texts
 * quotes each one and escapes its every quote and backslash (a JavaScript regular expression over every event's
 * data on each append; PostgreSQL unescaping it again before parsing it). Each text must be one JSON document.
 */
export function jsonArrayOf(texts: readonly string[]): string {
  return `[${texts.join(',')}]`;
}
