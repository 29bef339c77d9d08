import type { GlobalPosition, RecordedEvent } from '@ticketing/event-store';
import { Signal } from './signal.js';

/** Reads up to `size` events after `after`, in log order. */
export type PageReader = (after: GlobalPosition, size: number) => Promise<RecordedEvent[]>;

export interface Page {
  /** The events follow this position. */
  readonly after: GlobalPosition;
  /** In log order; empty: nothing was left when the page was read. */
  readonly events: readonly RecordedEvent[];
}

/**
 * The log in pages, read once for several lanes that apply them each at its own pace: a lane may take a page at most
 * `lead` - 1 pages past the one the slowest lane is on (1: every lane on the same page; at most `lead` + 1 pages are
 * held), and the next page is read while the last one is applied. Page `i + 1` starts after the last event of page
 * `i`; a page shorter than `size` is followed by a read of what came after it, an empty page ends the lanes.
 */
export class SharedPages {
  private readonly pages = new Map<number, Promise<Page>>();
  /** Where page `i` starts, once the page before it arrived. */
  private readonly starts = new Map<number, GlobalPosition>();
  /** Pages each lane is done with (page `i` done: `i + 1`). */
  private readonly done: number[];
  private readonly moved = new Signal();
  private failure: unknown;

  constructor(
    private readonly read: PageReader,
    first: Page,
    private readonly size: number,
    lanes: number,
    private readonly lead: number,
  ) {
    if (lanes < 1 || lead < 1) throw new Error(`shared pages need a lane and a lead of one page at least (lanes ${lanes}, lead ${lead})`);
    this.done = new Array<number>(lanes).fill(0);
    this.pages.set(0, Promise.resolve(first));
    this.starts.set(0, first.after);
    this.starts.set(1, lastPosition(first));
  }

  /** Page `index`, once the slowest lane is close enough; throws once any lane has failed. */
  async take(index: number): Promise<Page> {
    while (index >= this.slowest() + this.lead) {
      this.throwIfFailed();
      await this.moved.wait(1_000);
    }
    this.throwIfFailed();
    const page = await this.page(index);
    this.throwIfFailed();
    if (page.events.length === this.size && index + 1 <= this.slowest() + this.lead) this.page(index + 1).catch(() => undefined); // read ahead; its taker sees a failure
    return page;
  }

  /** `lane` is done with page `index`; true when it was the last lane to be (the page is then applied everywhere). */
  finish(lane: number, index: number): boolean {
    this.done[lane] = index + 1;
    const slowest = this.slowest();
    for (const key of this.pages.keys()) if (key < slowest) this.pages.delete(key);
    for (const key of this.starts.keys()) if (key < slowest) this.starts.delete(key);
    this.moved.notify();
    return slowest === index + 1;
  }

  /** A lane failed: the others stop at their next `take`, with this error. */
  fail(error: unknown): void {
    this.failure ??= error;
    this.moved.notify();
  }

  /** How many pages are held now (read or being read): the memory a replay keeps. */
  get held(): number {
    return this.pages.size;
  }

  private slowest(): number {
    let slowest = this.done[0]!;
    for (const done of this.done) if (done < slowest) slowest = done;
    return slowest;
  }

  private throwIfFailed(): void {
    if (this.failure !== undefined) throw this.failure;
  }

  private page(index: number): Promise<Page> {
    const held = this.pages.get(index);
    if (held) return held;
    const start = this.starts.get(index);
    const page = (start !== undefined ? Promise.resolve(start) : this.page(index - 1).then(lastPosition)).then(async (after) => {
      const events = await this.read(after, this.size);
      const read: Page = { after, events };
      this.starts.set(index + 1, lastPosition(read));
      return read;
    });
    this.pages.set(index, page);
    return page;
  }
}

function lastPosition(page: Page): GlobalPosition {
  return page.events.length === 0 ? page.after : page.events[page.events.length - 1]!.position;
}
