#!/usr/bin/env node
// Runs one of the bundled CLIs (dist/api/<name>.js) after making sure the bundle is up to date (Nx skips the
// build when nothing changed). Usage: node tools/run-built.mjs <name> [args...]
import { spawnSync } from 'node:child_process';

const [name, ...args] = process.argv.slice(2);
const build = spawnSync(process.execPath, ['node_modules/nx/dist/bin/nx.js', 'run', 'api:build', '--outputStyle=static'], {
  encoding: 'utf8',
  env: { ...process.env, NX_DAEMON: 'false' },
});
if (build.status !== 0) {
  process.stderr.write(build.stdout + build.stderr);
  process.exit(build.status ?? 1);
}
const run = spawnSync(process.execPath, ['--enable-source-maps', `dist/api/${name}.js`, ...args], { stdio: 'inherit' });
process.exit(run.status ?? 1);
