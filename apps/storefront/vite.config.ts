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

export default defineConfig({
  root: appRoot,
  base: '/',
  plugins: [
    // Before react(): it turns src/routes into src/routeTree.gen.ts and splits each route's component out.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: `${appRoot}src/routes`,
      generatedRouteTree: `${appRoot}src/routeTree.gen.ts`,
      quoteStyle: 'single',
      // The generator's scratch files stay out of the checkout (default: .tanstack/tmp under the cwd).
      tmpDir: join(tmpdir(), 'ticketing-storefront-router'),
    }),
    react(),
  ],
  resolve: { alias },
  build: {
    outDir: `${repoRoot}dist/storefront`,
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
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
