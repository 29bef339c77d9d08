import { describe, expect, it } from 'vitest';
import type { GlobalPosition, RecordedEvent } from '@ticketing/event-store';
import { SharedPages, type Page } from './shared-pages.js';

/** A log of `length` events at positions 1..length, and the `after` of every read made of it. */
function log(length: number) {
  const reads: GlobalPosition[] = [];
  const events = Array.from({ length }, (_, i) => ({ position: BigInt(i + 1), type: 'Happened' }) as unknown as RecordedEvent);
  const read = async (after: GlobalPosition, size: number) => {
    reads.push(after);
    await new Promise((resolve) => setTimeout(resolve, 1));
    return events.filter((e) => e.position > after).slice(0, size);
  };
  const first = async (size: number): Promise<Page> => ({ after: 0n, events: events.slice(0, size) });
  return { read, reads, first };
}

const positions = (page: Page) => page.events.map((e) => Number(e.position));

describe('SharedPages', () => {
  it('gives every lane the same pages, each read once, until an empty one', async () => {
    const { read, reads, first } = log(25);
    const pages = new SharedPages(read, await first(10), 10, 2, 2);
    const seen: number[][][] = [[], []];
    await Promise.all(
      [0, 1].map(async (lane) => {
        for (let index = 0; ; index++) {
          const page = await pages.take(index);
          if (page.events.length === 0) return;
          seen[lane]!.push(positions(page));
          pages.finish(lane, index);
        }
      }),
    );
    expect(seen[0]).toEqual(seen[1]);
    expect(seen[0]!.map((p) => [p[0], p.at(-1)])).toEqual([
      [1, 10],
      [11, 20],
      [21, 25],
    ]);
    // the short page is followed by a read of what came after it: the empty page that ends the lanes
    expect(reads).toEqual([10n, 20n, 25n]);
  });

  it('keeps a lane at most `lead` pages ahead of the slowest, and holds no more pages than that', async () => {
    const { read, first } = log(100);
    const pages = new SharedPages(read, await first(10), 10, 2, 2);
    await pages.take(0);
    pages.finish(0, 0);
    await pages.take(1);
    let third = false;
    const waiting = pages.take(2).then(() => (third = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(third).toBe(false); // lane 0 would be two pages ahead of lane 1, still at page 0
    expect(pages.held).toBeLessThanOrEqual(3);
    expect(pages.finish(1, 0)).toBe(true); // the last lane done with page 0
    await waiting;
    expect(third).toBe(true);
    expect(pages.held).toBeLessThanOrEqual(3);
  });

  it('tells the last lane done with a page that it was the last', async () => {
    const { read, first } = log(30);
    const pages = new SharedPages(read, await first(10), 10, 3, 2);
    expect(pages.finish(2, 0)).toBe(false);
    expect(pages.finish(0, 0)).toBe(false);
    expect(pages.finish(1, 0)).toBe(true);
  });

  it('stops the other lanes with the error of a lane that failed, and with a read that failed', async () => {
    const { read, first } = log(100);
    const pages = new SharedPages(read, await first(10), 10, 2, 1);
    const waiting = pages.take(1); // lane 0 done with nothing yet: page 1 waits for the slowest
    pages.fail(new Error('lane 1 failed'));
    await expect(waiting).rejects.toThrow('lane 1 failed');
    await expect(pages.take(0)).rejects.toThrow('lane 1 failed');

    const failing = new SharedPages(async () => Promise.reject(new Error('connection lost')), await first(10), 10, 1, 2);
    await failing.take(0);
    failing.finish(0, 0);
    await expect(failing.take(1)).rejects.toThrow('connection lost');
  });
});
