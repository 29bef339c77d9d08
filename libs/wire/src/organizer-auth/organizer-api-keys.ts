import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * The organizer API keys (ORGANIZER_API_KEYS = `slug:key,slug:key`). Keys are compared as SHA-256 digests
 * with timingSafeEqual, against every configured key without stopping at a match, so neither the key's
 * length nor its position in the list shows in the response time.
 */
export class OrganizerApiKeys {
  private constructor(private readonly entries: readonly { readonly slug: string; readonly key: Buffer }[]) {}

  /** Malformed pairs are refused at start-up rather than silently ignored. `setting`, `owner`: the message's words. */
  static parse(text: string | undefined, setting = 'ORGANIZER_API_KEYS', owner = 'slug'): OrganizerApiKeys {
    const pairs = (text ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p.length > 0);
    return new OrganizerApiKeys(
      pairs.map((pair) => {
        const at = pair.indexOf(':');
        const slug = pair.slice(0, at).trim();
        const key = pair.slice(at + 1).trim();
        if (at <= 0 || key.length < 16) throw new Error(`${setting}: expected comma-separated ${owner}:key pairs, keys of at least 16 characters`);
        return { slug, key: digest(key) };
      }),
    );
  }

  get size(): number {
    return this.entries.length;
  }

  /** The organizer a key belongs to, or undefined. */
  organizerOf(key: string): string | undefined {
    const candidate = digest(key);
    let found: string | undefined;
    for (const entry of this.entries) {
      if (timingSafeEqual(candidate, entry.key) && found === undefined) found = entry.slug;
    }
    return found;
  }

  /** `Authorization: ApiKey <key>` -> the organizer, or undefined when absent, malformed or unknown. */
  authenticate(header: string | undefined): string | undefined {
    const match = /^ApiKey\s+(\S+)\s*$/i.exec(header ?? '');
    return match ? this.organizerOf(match[1] as string) : undefined;
  }
}
