import { describe, expect, it } from 'vitest';
import { TokenBuckets } from './token-buckets.js';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('token buckets', () => {
  it('admits a burst, then refuses with the seconds until the next token', () => {
    const time = clock();
    const buckets = new TokenBuckets({ perMinute: 6, burst: 3 }, time.now); // one token every 10 s
    expect([1, 2, 3].map(() => buckets.take('a').admitted)).toEqual([true, true, true]);
    expect(buckets.take('a')).toEqual({ admitted: false, retryAfterSeconds: 10 });
    time.advance(4_000);
    expect(buckets.take('a')).toEqual({ admitted: false, retryAfterSeconds: 6 });
    time.advance(6_000);
    expect(buckets.take('a').admitted).toBe(true);
    expect(buckets.take('a').admitted).toBe(false);
  });

  it('refills at the configured rate and never above the burst', () => {
    const time = clock();
    const buckets = new TokenBuckets({ perMinute: 60, burst: 2 }, time.now);
    buckets.take('a');
    buckets.take('a');
    time.advance(3_600_000);
    expect([1, 2, 3].map(() => buckets.take('a').admitted)).toEqual([true, true, false]);
  });

  it('keeps one bucket per key', () => {
    const buckets = new TokenBuckets({ perMinute: 1, burst: 1 }, clock().now);
    expect(buckets.take('a').admitted).toBe(true);
    expect(buckets.take('a').admitted).toBe(false);
    expect(buckets.take('b').admitted).toBe(true);
  });

  it('does not admit more when the clock goes backwards', () => {
    const time = clock();
    const buckets = new TokenBuckets({ perMinute: 60, burst: 1 }, time.now);
    buckets.take('a');
    time.advance(-5_000);
    expect(buckets.take('a').admitted).toBe(false);
  });

  it('forgets a key once its bucket is full again', () => {
    const time = clock();
    const buckets = new TokenBuckets({ perMinute: 60, burst: 2 }, time.now);
    buckets.take('a');
    buckets.take('b');
    expect(buckets.size).toBe(2);
    time.advance(999);
    buckets.take('c');
    expect(buckets.size).toBe(3); // a and b are not full yet
    time.advance(1);
    buckets.take('c');
    expect(buckets.size).toBe(1);
  });

  it('holds at most maxKeys keys, dropping the least recently seen', () => {
    const time = clock();
    const buckets = new TokenBuckets({ perMinute: 1, burst: 1 }, time.now, 2);
    buckets.take('a');
    buckets.take('b');
    buckets.take('a'); // a is now the most recently seen
    buckets.take('c');
    expect(buckets.size).toBe(2);
    expect(buckets.take('a').admitted).toBe(false); // still remembered
    expect(buckets.take('b').admitted).toBe(true); // forgotten, so a fresh bucket
  });
});
