import { describe, expect, it } from 'vitest';
import { describeProgress, startProgress } from './progress.js';

describe('CLI progress', () => {
  it('reports count, share, rate and ETA', () => {
    expect(describeProgress('export', 'events', 250_000, 1_000_000, 5_000)).toBe('export: 250,000/1,000,000 events (25%) 50,000 events/s, ETA 15 s');
    expect(describeProgress('export', 'events', 100_000, 10_000_000, 10_000)).toBe('export: 100,000/10,000,000 events (1%) 10,000 events/s, ETA 16 min 30 s');
    expect(describeProgress('verify', 'positions', 42, 0, 1_000)).toBe('verify: 42 positions 42 positions/s');
  });

  it('rounds the ETA before splitting it into units: never 60 of the smaller one', () => {
    // 1,000 events left at 8.36 events/s: 119.6 s
    expect(describeProgress('verify-log', 'events', 1_000, 2_000, 119_600)).toBe('verify-log: 1,000/2,000 events (50%) 8 events/s, ETA 2 min 0 s');
    // 59.6 s left, and 7,190 s (1 h 59.8 min) left
    expect(describeProgress('x', 'events', 1_000, 2_000, 59_600)).toMatch(/, ETA 1 min 0 s$/);
    expect(describeProgress('x', 'events', 1_000, 2_000, 7_190_000)).toMatch(/, ETA 2 h 0 min$/);
    expect(describeProgress('x', 'events', 1_000, 2_000, 7_170_000)).toMatch(/, ETA 2 h 0 min$/);
    expect(describeProgress('x', 'events', 1_000, 2_000, 5_400_000)).toMatch(/, ETA 1 h 30 min$/);
  });

  it('stays quiet off a terminal without --progress, and during the first second', () => {
    let clock = 0;
    const written: string[] = [];
    const stream = { write: (t: string) => written.push(t), isTTY: false };
    const quiet = startProgress({ label: 'x', unit: 'events', stream, now: () => clock });
    clock = 10_000;
    quiet.update(5, 10);
    expect(written).toEqual([]);

    clock = 0;
    const forced = startProgress({ label: 'x', unit: 'events', stream, force: true, now: () => clock });
    clock = 500;
    forced.update(1, 10);
    expect(written).toEqual([]);
    clock = 6_000;
    forced.update(6, 10);
    expect(written).toEqual(['x: 6/10 events (60%) 1 events/s, ETA 4 s\n']);
    // then a line every 5 s (a CI log), not every second
    clock = 10_999;
    forced.update(7, 10);
    expect(written).toHaveLength(1);
    clock = 11_000;
    forced.update(8, 10);
    expect(written).toHaveLength(2);
  });

  it('redraws one line on a terminal and ends it', () => {
    let clock = 0;
    const written: string[] = [];
    const progress = startProgress({ label: 'x', unit: 'events', stream: { write: (t: string) => written.push(t), isTTY: true }, now: () => clock });
    clock = 2_000;
    progress.update(4, 8);
    progress.finish();
    expect(written).toEqual(['\rx: 4/8 events (50%) 2 events/s, ETA 2 s\u001b[K', '\n']);
  });
});
