/** Reads one cookie from a Cookie header (RFC 6265 pairs); no dependency needed for this much. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0) continue;
    if (pair.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(pair.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export interface CookieOptions {
  readonly httpOnly: boolean;
  /**
   * Strict: sent only on requests from the site itself. Lax: also on a top-level navigation from another site (a
   * link in a mail reader, a search result), never on another site's form post, frame or fetch.
   */
  readonly sameSite: 'Strict' | 'Lax';
  readonly secure: boolean;
  readonly maxAgeSeconds?: number;
}

export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', `SameSite=${options.sameSite}`];
  if (options.httpOnly) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${options.maxAgeSeconds}`);
  return parts.join('; ');
}
