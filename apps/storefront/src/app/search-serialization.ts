/**
 * The address's query, read and written as plain text: every value is a string, a repeated key is a list
 * (`?tags=a&tags=b`). The router's default JSON-flavoured format would turn a promo code such as `2E10` into
 * a number and write strings that look like numbers in quotes (`?organizer=%223%22`); the routes'
 * validateSearch functions give each parameter its type instead.
 */
export function parseSearch(query: string): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(query.startsWith('?') ? query.slice(1) : query)) {
    const previous = result[key];
    result[key] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return result;
}

export function stringifySearch(search: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null && item !== '') query.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}
