#!/usr/bin/env node
// `npm test`: every test (unit, ui, integration on an embedded PostgreSQL the tests start themselves, browser
// tests in Debian chromium against the built app, system tests with several built API processes on one
// database; vitest runs every project of vitest.config.ts), then one closing line `N passed, N failed, N skipped`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return;
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    process.stderr.write('browser tests need Debian chromium: sudo apt-get install -y chromium\n');
    return;
  }
  process.stdout.write('installing Debian chromium for the browser tests...\n');
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

ensureChromium();
mkdirSync('tmp', { recursive: true });
const report = 'tmp/vitest-report.json';
rmSync(report, { force: true });
const args = ['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)];
const run = spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, NX_DAEMON: 'false' } });
let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(report)) {
  const result = JSON.parse(readFileSync(report, 'utf8'));
  passed = result.numPassedTests ?? 0;
  // a file that fails to load has no failed test of its own: count it once
  failed = (result.numFailedTests ?? 0) || (result.numFailedTestSuites ?? 0);
  skipped = (result.numPendingTests ?? 0) + (result.numTodoTests ?? 0);
}
process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
process.exit(run.status === 0 && failed === 0 ? 0 : 1);
