import { describe, expect, it } from 'vitest';
import { RandomPool } from './random-pool.js';

describe('RandomPool', () => {
  it('hands out each byte once: chunks across refills never repeat', () => {
    const pool = new RandomPool(64);
    const chunks = Array.from({ length: 100 }, () => pool.take(32).toString('hex'));
    expect(new Set(chunks).size).toBe(100);
    expect(chunks.every((c) => c.length === 64)).toBe(true);
  });

  it('gives copies, which a later refill does not change', () => {
    const pool = new RandomPool(32);
    const first = pool.take(32);
    const kept = Buffer.from(first);
    pool.take(32);
    expect(first.equals(kept)).toBe(true);
  });

  it('serves a request bigger than the pool', () => {
    expect(new RandomPool(16).take(40)).toHaveLength(40);
  });
});
