/** How fast a client may call: `burst` calls at once, then `perMinute` on average. */
export interface RateLimit {
  readonly perMinute: number;
  readonly burst: number;
}

export type Admission = { readonly admitted: true } | { readonly admitted: false; readonly retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * One token bucket per client key, in this process's memory. Idle buckets go once they are full again (a full
 * bucket and no bucket mean the same), and at most `maxKeys` are kept: past that the least recently seen key is
 * forgotten, which can only be lenient to it. The Map is kept in least-recently-seen order by re-inserting on
 * every call, so both evictions look at its head only.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;

  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 50_000,
  ) {
    this.perMs = limit.perMinute / 60_000;
  }

  take(key: string): Admission {
    const now = this.now();
    this.forgetIdle(now);
    const previous = this.buckets.get(key);
    const tokens = previous ? this.tokensOf(previous, now) : this.limit.burst;
    this.buckets.delete(key);
    const admitted = tokens >= 1;
    this.buckets.set(key, { tokens: admitted ? tokens - 1 : tokens, at: now });
    if (this.buckets.size > this.maxKeys) this.buckets.delete(this.buckets.keys().next().value as string);
    if (admitted) return { admitted: true };
    return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / this.perMs / 1000)) };
  }

  /** Keys held now; for tests and metrics. */
  get size(): number {
    return this.buckets.size;
  }

  private tokensOf(bucket: Bucket, now: number): number {
    return Math.min(this.limit.burst, bucket.tokens + Math.max(0, now - bucket.at) * this.perMs);
  }

  /** A few per call is enough: each call adds at most one key. */
  private forgetIdle(now: number): void {
    for (let i = 0; i < 4; i++) {
      const oldest = this.buckets.entries().next();
      if (oldest.done || this.tokensOf(oldest.value[1], now) < this.limit.burst) return;
      this.buckets.delete(oldest.value[0]);
    }
  }
}
