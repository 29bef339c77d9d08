import { describe, expect, it } from 'vitest';
import { drawOrder, seededRandom } from './draw-order.js';

const arrivals = Array.from({ length: 50 }, (_, i) => `visitor-${i}`);

describe('drawOrder', () => {
  it('replays to the same order from the same seed (an auditor recomputes it)', () => {
    expect(drawOrder(arrivals, 'seed-1')).toEqual(drawOrder(arrivals, 'seed-1'));
  });

  it('is a permutation of the arrivals: nobody lost, nobody twice', () => {
    const order = drawOrder(arrivals, 'seed-2');
    expect(order).toHaveLength(arrivals.length);
    expect([...order].sort()).toEqual([...arrivals].sort());
  });

  it('gives another order for another seed, and not the arrival order', () => {
    const a = drawOrder(arrivals, 'seed-a');
    const b = drawOrder(arrivals, 'seed-b');
    expect(a).not.toEqual(b);
    expect(a).not.toEqual(arrivals);
  });

  it('does not favour early arrivals: over many draws the first arrival lands first about 1/n of the time', () => {
    const small = ['a', 'b', 'c', 'd'];
    const firsts = new Map<string, number>();
    for (let s = 0; s < 4_000; s++) {
      const first = drawOrder(small, `seed-${s}`)[0]!;
      firsts.set(first, (firsts.get(first) ?? 0) + 1);
    }
    for (const visitor of small) expect(firsts.get(visitor)).toBeGreaterThan(850);
  });

  it('draws nothing from nobody and the one from one', () => {
    expect(drawOrder([], 'x')).toEqual([]);
    expect(drawOrder(['only'], 'x')).toEqual(['only']);
  });
});

describe('seededRandom', () => {
  it('stays in [0, 1)', () => {
    const next = seededRandom('range');
    for (let i = 0; i < 10_000; i++) {
      const value = next();
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });
});
