import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import tsconfig from './tsconfig.base.json' with { type: 'json' };

const root = fileURLToPath(new URL('.', import.meta.url));
// One alias table for every project, read from tsconfig.base.json so the two never disagree.
const alias = Object.entries(tsconfig.compilerOptions.paths).map(([find, [target]]) => ({
  find: new RegExp(`^${find.replace(/[/@-]/g, (c) => `\\${c}`)}$`),
  replacement: `${root}${target}`,
}));

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['{apps,libs,tools}/**/*.unit.spec.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'ui',
          include: ['apps/storefront/**/*.unit.spec.tsx'],
          environment: 'happy-dom',
          setupFiles: ['apps/storefront/src/test/setup-ui.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['{apps,libs,tools,bench}/**/*.int.spec.ts'],
          environment: 'node',
          globalSetup: ['tools/test/pg-global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'browser',
          include: ['apps/storefront-e2e/**/*.e2e.spec.ts'],
          environment: 'node',
          globalSetup: ['tools/test/pg-global-setup.ts', 'apps/storefront-e2e/src/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          // Several real API processes (dist/api/main.js) on one database; run alone, after the other projects.
          name: 'system',
          include: ['apps/**/*.system.spec.ts'],
          environment: 'node',
          globalSetup: ['tools/test/pg-global-setup.ts', 'tools/test/build-api-global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
