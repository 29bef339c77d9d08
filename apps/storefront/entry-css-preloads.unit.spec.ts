import { describe, expect, it } from 'vitest';
import { withoutPreloads } from './entry-css-preloads.js';

const ENTRY_CSS = new Set(['assets/index-CNp3Vp7.css']);

/** A chunk as Vite's import analysis writes it: the preload table, then lists of indices into it. */
const chunk = (table: string[], ...lists: number[][]) =>
  [
    `const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=${JSON.stringify(table)})))=>i.map(i=>d[i]);`,
    ...lists.map((list, n) => `var p${n}=d(()=>import(\`./part-${n}.js\`),__vite__mapDeps([${list.join(',')}]));`),
  ].join('\n');

describe("the entry's style sheet out of the preload lists (entry-css-preloads.ts)", () => {
  it('drops it from the table and from every list, the other indices moved down', () => {
    const before = chunk(['assets/a.js', 'assets/shared.js', 'assets/index-CNp3Vp7.css', 'assets/booking.css', 'assets/b.js'], [0, 1, 2, 3], [4, 2], [2]);
    expect(withoutPreloads(before, ENTRY_CSS)).toBe(chunk(['assets/a.js', 'assets/shared.js', 'assets/booking.css', 'assets/b.js'], [0, 1, 2], [3], []));
  });

  it('leaves a chunk alone when its table does not hold it, or when it has no table', () => {
    const other = chunk(['assets/a.js', 'assets/booking.css'], [0, 1]);
    expect(withoutPreloads(other, ENTRY_CSS)).toBe(other);
    expect(withoutPreloads('export const x = 1;', ENTRY_CSS)).toBe('export const x = 1;');
  });
});
