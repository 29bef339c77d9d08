import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import tsconfig from '../../tsconfig.base.json' with { type: 'json' };
import pkg from '../../package.json' with { type: 'json' };

/**
 * generate.mjs's in-process app: app-entry.ts (and the catalog CLI) bundled as the API is (apps/api/vite.config.ts:
 * workspace libraries inlined, npm packages external, Vite's transform keeping the decorator metadata Nest's
 * injection needs), into dist/bench-replay.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const alias = Object.entries(tsconfig.compilerOptions.paths).map(([find, [target]]) => ({
  find: new RegExp(`^${find.replace(/[/@-]/g, (c) => `\\${c}`)}$`),
  replacement: `${root}${target}`,
}));
const external = [...builtinModules, ...builtinModules.map((m) => `node:${m}`), ...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies)];

export default defineConfig({
  root,
  resolve: { alias },
  build: {
    ssr: true,
    outDir: 'dist/bench-replay',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    rollupOptions: {
      input: { app: 'bench/replay/app-entry.ts', 'embedded-postgres': 'libs/postgres/src/embedded.ts', 'catalog-cli': 'tools/catalog/main.ts' },
      external: (id) => external.some((name) => id === name || id.startsWith(`${name}/`)),
      output: { format: 'esm', entryFileNames: '[name].js' },
    },
  },
});
