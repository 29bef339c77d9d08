import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import tsconfig from '../../tsconfig.base.json' with { type: 'json' };

const appRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

// The same alias table as vitest.config.ts, read from tsconfig.base.json so the two never disagree.
const alias = Object.entries(tsconfig.compilerOptions.paths).map(([find, [target]]) => ({
  find: new RegExp(`^${find.replace(/[/@-]/g, (c) => `\\${c}`)}$`),
  replacement: `${repoRoot}${target}`,
}));

// React's API served by preact/compat: react-dom alone was about half of the event page's JavaScript.
const preactCompat = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

export default defineConfig({
  root: appRoot,
  base: '/',
  plugins: [
    // Before react(): it turns src/routes into src/routeTree.gen.ts and splits each route's component out.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Its hot update of a route leans on React Fast Refresh too (see react() below): an edit reloads the page.
      codeSplittingOptions: { addHmr: false },
      routesDirectory: `${appRoot}src/routes`,
      generatedRouteTree: `${appRoot}src/routeTree.gen.ts`,
      quoteStyle: 'single',
      // The generator's scratch files stay out of the checkout (default: .tanstack/tmp under the cwd).
      tmpDir: join(tmpdir(), 'ticketing-storefront-router'),
    }),
    // JSX only: React Fast Refresh drives React's renderer, which preact/compat is not, so a hot update would
    // leave the page stale. Without it an edit reloads the page.
    react({ refreshExclude: /./ }),
  ],
  resolve: { alias: [...alias, ...preactCompat] },
  build: {
    outDir: `${repoRoot}dist/storefront`,
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      onLog(level, log, handler) {
        // TanStack Router reads React.use (React 19) and throws the promise to Suspense without it, as on React 18:
        // preact/compat has no `use`, and that fallback is the one it takes.
        if (log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('@tanstack/react-router')) return;
        handler(level, log);
      },
      output: {
        codeSplitting: {
          groups: [
            // The libraries change only with the lock file: one long-cached chunk instead of pieces named after
            // whichever module first shared them.
            { name: 'vendor', test: /[\\/]node_modules[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': { target: 'http://127.0.0.1:8080' } },
  },
});
