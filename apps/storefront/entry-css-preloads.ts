import type { Plugin, Rolldown } from 'vite';

// index.html links the entry's style sheet, so every page has it before any chunk loads. Vite still lists it in the
// preload list of each dynamic import whose chunk imports the entry chunk (the list of a chunk's CSS that it builds
// outside modulePreload.resolveDependencies, which sees the JavaScript files only): a name of 24 incompressible
// characters and an index in every list, in the event page's chunk among others. Taken out once Vite has written
// the lists. Measured with scripts/route-js-size.mjs (see the commit that brought it).

const MAP_DEPS = /m\.f=(\[[^\]]*\])/;
const MAP_DEPS_CALL = /__vite__mapDeps\(\[([\d,]*)\]\)/g;

/**
 * A chunk's code without `files` in its preload table (`const __vite__mapDeps=(...m.f=["a.js","b.css"]...)`) and in
 * the lists that point into it (`__vite__mapDeps([0,1])`), the indices moved down; the code as it was when the table
 * holds none of them.
 */
export function withoutPreloads(code: string, files: ReadonlySet<string>): string {
  const table = MAP_DEPS.exec(code);
  if (!table) return code;
  const names = JSON.parse(table[1]!) as string[];
  if (!names.some((name) => files.has(name))) return code;
  const newIndex = new Map<number, number>();
  const kept = names.filter((name, index) => {
    if (files.has(name)) return false;
    newIndex.set(index, newIndex.size);
    return true;
  });
  return code.replace(MAP_DEPS, `m.f=${JSON.stringify(kept)}`).replace(MAP_DEPS_CALL, (_, list: string) => {
    const indices = list
      .split(',')
      .filter(Boolean)
      .flatMap((index) => (newIndex.has(Number(index)) ? [newIndex.get(Number(index))] : []));
    return `__vite__mapDeps([${indices.join(',')}])`;
  });
}

/** Build only, after Vite's import analysis has written the preload lists (generateBundle, order 'post'). */
export const entryCssPreloads: Plugin = {
  name: 'storefront:entry-css-preloads',
  apply: 'build',
  generateBundle: {
    order: 'post',
    handler(_options, bundle) {
      const chunks = Object.values(bundle).filter((output): output is Rolldown.OutputChunk => output.type === 'chunk');
      const entryCss = new Set(chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]));
      if (entryCss.size === 0) return;
      for (const chunk of chunks) chunk.code = withoutPreloads(chunk.code, entryCss);
    },
  },
};
