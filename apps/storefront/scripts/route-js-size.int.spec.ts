import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Measurement } from './route-js-size.mjs';
import { BUDGETS, DEFAULT_BUDGET, forbiddenModuleIds } from './route-js-size.mjs';

const script = fileURLToPath(new URL('./route-js-size.mjs', import.meta.url));
const routesDir = fileURLToPath(new URL('../src/routes/', import.meta.url));
const KB = 1024;

let measured: Measurement;

beforeAll(() => {
  // A production build, in memory, by a process of its own: vitest runs with NODE_ENV=test, which Vite would
  // take over the mode (React's development build). The script prints its measurement as the last line.
  const output = execFileSync(process.execPath, [script, '--json'], {
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 64 * 1024 * 1024,
  });
  measured = JSON.parse(output.trim().split('\n').at(-1) ?? '') as Measurement;
}, 300_000);

describe('storefront bundle (scripts/route-js-size.mjs)', () => {
  it('measures every route of src/routes, each with its parent layouts', () => {
    const files = readdirSync(routesDir).filter((f) => f.endsWith('.tsx') && !f.startsWith('__root.'));
    expect(measured.routes.map((r) => r.files[0]).sort()).toEqual(files.sort());
    const eventPage = measured.routes.find((r) => r.fullPath === '/event/$eventShortName/');
    expect(eventPage?.files).toEqual(['event.$eventShortName.index.tsx', 'event.$eventShortName.tsx']);
  });

  it('budgets the event page at 121 KB of gzipped JavaScript and every other route at 131 KB', () => {
    expect(BUDGETS).toEqual({ 'event.$eventShortName.index.tsx': 121 * KB });
    expect(DEFAULT_BUDGET).toBe(131 * KB);
  });

  it('keeps every route within its budget on a cold load', () => {
    const over = measured.routes.filter((r) => r.bytes > r.budget).map((r) => `${r.fullPath}: ${r.bytes} B > ${r.budget} B`);
    expect(over).toEqual([]);
    // what is counted is real: the entry (React and the router) is most of any route
    expect(measured.entryBytes).toBeGreaterThan(80 * KB);
    for (const route of measured.routes) expect(route.bytes).toBeGreaterThanOrEqual(measured.entryBytes);
  });

  it('renders with React and ships neither preact nor server code', () => {
    expect(measured.moduleIds.some((id) => /node_modules[\\/]react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/.test(id))).toBe(true);
    expect(measured.forbidden).toEqual([]);
  });

  it('would find each kind of forbidden module', () => {
    const found = forbiddenModuleIds([
      '/repo/node_modules/preact/compat/dist/compat.module.js',
      '/repo/libs/sales/src/server/commands/reserve-tickets/reserve-tickets.command.ts',
      '/repo/apps/api/src/main.ts',
      '/repo/node_modules/@nestjs/common/index.js',
      '/repo/node_modules/pg/lib/index.js',
      '/repo/node_modules/pg-protocol/dist/index.js',
      '/repo/libs/sales/src/domain/booking/index.ts',
      '/repo/node_modules/react-dom/client.js',
    ]);
    expect(found.map((f) => f.rule)).toEqual(['preact', 'server code of a library', 'the API app', 'NestJS', 'node-postgres', 'node-postgres']);
  });
});
