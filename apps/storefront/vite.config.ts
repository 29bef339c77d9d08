import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import tsconfig from '../../tsconfig.base.json' with { type: 'json' };
import { chunkGroups, recordEventPageModules } from './chunk-groups.js';
import { entryCssPreloads } from './entry-css-preloads.js';
import { precompress } from './precompress.js';
import { routeTreeCompaction } from './route-tree-compaction.js';

const appRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

// The same alias table as vitest.config.ts, read from tsconfig.base.json so the two never disagree.
const alias = Object.entries(tsconfig.compilerOptions.paths).map(([find, [target]]) => ({
  find: new RegExp(`^${find.replace(/[/@-]/g, (c) => `\\${c}`)}$`),
  replacement: `${repoRoot}${target}`,
}));

const entryImports = /(^|\/)(vendor|rolldown-runtime|index)-[\w-]+\.js$/;
const layoutsKeptWhole = new Set(['/event/$eventShortName', '/event/$eventShortName/reservation/$reservationId']);
const loadedWithComponent = (routeId: string) =>
  /^\/(event\/\$eventShortName\/(reservation|ticket)|\$type\/\$publicId\/reservation)\/|^\/\$accountPage$|^\/event\/\$eventShortName\/$/.test(routeId);

// A split route's chunk is named after its route file (event._eventShortName.reservation._reservationId.overview), and
// that name is in the entry every visitor loads twice (its import and the preload table): the route's last segment
// tells it as well. Not 'index' (the entry's own name: see entryImports), the event page's chunk is 'event'.
const shortChunkName = (name: string) => {
  if (!name.startsWith('event._eventShortName.')) return name;
  const last = name.slice(name.lastIndexOf('.') + 1).replace(/[^\w-]/g, '');
  return last === 'index' ? 'event' : last;
};

export default defineConfig({
  root: appRoot,
  base: '/',
  plugins: [
    // Before react(): it turns src/routes into src/routeTree.gen.ts and splits each route's component out.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      codeSplittingOptions: {
        // A reservation's and a ticket's pages (reached after reserving, or from an e-mail; a pass's reservation pages too), and a signed-in user's
        // orders and profile, load their loader with their
        // component: the reservation and ticket clients and the checkout loader stay out of the entry every visitor loads. The event
        // page's too: its data comes inside the page (the server's preloaded data), and its loader loads the page's parts
        // (event-loaders.ts), whose code is in that chunk. The catalog and event layout loaders stay in the entry, so those pages
        // fetch their data while their chunk loads. The
        // two layouts' components are a line each (EventScope, an Outlet): in the entry, not in chunks of their own.
        splitBehavior: ({ routeId }) =>
          layoutsKeptWhole.has(routeId) ? [] : loadedWithComponent(routeId) ? [['loader', 'component'], ['errorComponent'], ['notFoundComponent']] : undefined,
      },
      routesDirectory: `${appRoot}src/routes`,
      generatedRouteTree: `${appRoot}src/routeTree.gen.ts`,
      quoteStyle: 'single',
      // The generator's scratch files stay out of the checkout (default: .tanstack/tmp under the cwd).
      tmpDir: join(tmpdir(), 'ticketing-storefront-router'),
    }),
    // After the router's plugin (whose code splitter reads each route file's path): see route-tree-compaction.ts.
    routeTreeCompaction,
    react(),
    recordEventPageModules,
    // The entry's style sheet out of the preload lists (index.html links it): see entry-css-preloads.ts.
    entryCssPreloads,
    // Last: .br and .gz copies of the written files, for the server to send as they are.
    precompress,
  ],
  resolve: {
    alias: [
      ...alias,
      // @tanstack/react-store asks for the shim that brings useSyncExternalStore to React < 18; React 19 has it.
      { find: /^use-sync-external-store\/shim\/with-selector$/, replacement: 'use-sync-external-store/with-selector' },
    ],
  },
  build: {
    outDir: `${repoRoot}dist/storefront`,
    emptyOutDir: true,
    target: 'es2022',
    // Every browser of the es2022 target but Safari < 17 preloads modules natively; the polyfill is dead code there.
    // A chunk loaded from JavaScript is loaded after the entry, which is there already with its static imports (the
    // vendor chunk, the runtime) and its style sheet (linked by index.html): listing them in every dynamic import's
    // preload list is dead weight in every chunk that has one. This hook sees the JavaScript files only: the style
    // sheet is taken out by entryCssPreloads (see entry-css-preloads.ts).
    modulePreload: { polyfill: false, resolveDependencies: (_file, deps, { hostType }) => (hostType === 'js' ? deps.filter((d) => !entryImports.test(d)) : deps) },
    rolldownOptions: {
      treeshake: {
        // The storefront's modules run nothing when imported (main.tsx aside), nor do the libraries it takes from
        // libs/ (the generated client, message bundles, the booking rules: domain code, which lint keeps free of
        // I/O). So a module none of a chunk's code uses is left out, with its CSS: a page that takes StepIndicator
        // from features/booking's index does not get the whole booking form (whose components import booking.css),
        // nor one that takes `limits` from the booking rules every rule.
        moduleSideEffects: (id) => !((id.startsWith(`${appRoot}src/`) || id.startsWith(`${repoRoot}libs/`)) && /\.tsx?$/.test(id) && id !== `${appRoot}src/main.tsx`),
      },
      // Where the modules several chunks share go: see chunk-groups.ts.
      output: {
        codeSplitting: { groups: chunkGroups },
        // Each chunk's and style sheet's name is in the entry's preload table (a split route's chunk twice more), every
        // hash character incompressible: 7 (the fewest rolldown takes for this many chunks) instead of 8 saves every
        // route about 30 B of gzip (scripts/route-js-size.mjs, 2026-11-27).
        chunkFileNames: (chunk) => `assets/${shortChunkName(chunk.name)}-[hash:7].js`,
        assetFileNames: 'assets/[name]-[hash:7][extname]',
      },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': { target: 'http://127.0.0.1:8080' } },
  },
});
