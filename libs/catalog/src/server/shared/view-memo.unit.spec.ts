import { describe, expect, it } from 'vitest';
import { ViewMemo } from './view-memo.js';

describe('ViewMemo', () => {
  it('keeps one view per snapshot, figures and key, and makes a new one when any of them is new', () => {
    const memo = new ViewMemo<{ n: number }>();
    let made = 0;
    const make = () => ({ n: ++made });
    const snapshot = {};
    const figures = {};
    const first = memo.get(snapshot, figures, 'a', make);
    expect(memo.get(snapshot, figures, 'a', make)).toBe(first);
    expect(memo.get(snapshot, {}, 'a', make)).not.toBe(first); // new figures: the holds changed
    expect(memo.get({}, figures, 'a', make)).not.toBe(first); // new snapshot: the catalog changed
    expect(memo.get(snapshot, figures, 'b', make)).not.toBe(first);
    expect(made).toBe(4);
  });

  it('forgets the views of one pair of inputs when it holds too many keys', () => {
    const memo = new ViewMemo<number>(2);
    const [snapshot, figures] = [{}, {}];
    let made = 0;
    memo.get(snapshot, figures, 'a', () => ++made);
    memo.get(snapshot, figures, 'b', () => ++made);
    memo.get(snapshot, figures, 'c', () => ++made);
    expect(memo.get(snapshot, figures, 'a', () => ++made)).toBe(4);
  });
});
