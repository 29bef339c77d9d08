import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Builds the given Nx projects the way `npm run build` does (the Nx cache makes a second run instant), for the
 * test setups that run the built app (dist/api/main.js) as a real process: the browser and the system tests.
 */
export function buildApp(projects: readonly string[], purpose: string): void {
  const build = spawnSync(process.execPath, ['node_modules/nx/dist/bin/nx.js', 'run-many', '-t', 'build', `--projects=${projects.join(',')}`, '--outputStyle=static'], {
    stdio: 'inherit',
    // vitest sets NODE_ENV=test, which would make Vite bundle development builds; Nx does not key its cache on
    // NODE_ENV, so a later `npm run build` would reuse them. The tests run what production runs.
    env: { ...process.env, NX_DAEMON: 'false', NODE_ENV: 'production' },
  });
  if (build.status !== 0 || !existsSync('dist/api/main.js')) throw new Error(`building the app for ${purpose} failed`);
}
