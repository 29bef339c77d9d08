import { defineConfig } from 'vite';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import tsconfig from '../../tsconfig.base.json' with { type: 'json' };
import pkg from '../../package.json' with { type: 'json' };

const root = fileURLToPath(new URL('../../', import.meta.url));
const alias = Object.entries(tsconfig.compilerOptions.paths).map(([find, [target]]) => ({
  find: new RegExp(`^${find.replace(/[/@-]/g, (c) => `\\${c}`)}$`),
  replacement: `${root}${target}`,
}));
const external = [
  ...builtinModules,
  ...builtinModules.map((m) => `node:${m}`),
  ...Object.keys(pkg.dependencies),
  ...Object.keys(pkg.devDependencies),
];

/**
 * The API and the tools CLI are bundled for Node with the workspace libraries inlined and every npm package
 * left external. Vite's TypeScript transform honours emitDecoratorMetadata, which Nest's injection needs.
 */
export default defineConfig({
  root,
  resolve: { alias },
  build: {
    ssr: true,
    outDir: 'dist/api',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    minify: false,
    rollupOptions: {
      input: {
        main: 'apps/api/src/main.ts',
        'write-openapi': 'apps/api/src/write-openapi.ts',
        cli: 'tools/cli/main.ts',
        'catalog-cli': 'tools/catalog/main.ts',
        'embedded-postgres': 'libs/postgres/src/embedded.ts',
        'projection-worker': 'apps/api/src/projection-worker.ts',
        // npm start's local OpenID provider (tools/start/openid-provider.mjs), never loaded by the API
        'local-openid-provider': 'libs/accounts/src/server/local-provider/index.ts',
      },
      external: (id) => external.some((name) => id === name || id.startsWith(`${name}/`)),
      output: { format: 'esm', entryFileNames: '[name].js' },
    },
  },
});
