#!/usr/bin/env node
// CI's drift check: regenerate openapi/ from the code and libs/api-client from openapi/, then fail when either
// differs from what is committed. Run `npm run api-client` (which does both) and commit the result to fix.
import { spawnSync } from 'node:child_process';

const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, NX_DAEMON: 'false' } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run(process.execPath, ['node_modules/nx/dist/bin/nx.js', 'run', 'api-client:generate', '--outputStyle=static']);
const status = spawnSync('git', ['status', '--porcelain', '--', 'openapi', 'libs/api-client'], { encoding: 'utf8' });
if (status.status !== 0) {
  process.stderr.write(status.stderr);
  process.exit(1);
}
if (status.stdout.trim() !== '') {
  process.stderr.write(`The OpenAPI file or the generated client is out of date with the code:\n${status.stdout}\n`);
  spawnSync('git', ['--no-pager', 'diff', '--stat', '--', 'openapi', 'libs/api-client'], { stdio: 'inherit' });
  process.stderr.write('Run `npm run api-client` and commit openapi/ and libs/api-client.\n');
  process.exit(1);
}
process.stdout.write('openapi/ and libs/api-client are up to date with the code\n');
