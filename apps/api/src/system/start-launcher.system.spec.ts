import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { freePort } from '@ticketing/postgres';
import { createTestDatabase, type TestDatabase } from '@ticketing/postgres/testing';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

async function healthOf(port: number): Promise<number | 'refused'> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2_000) })).status;
  } catch {
    return 'refused';
  }
}

async function until(what: string, check: () => Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((done) => setTimeout(done, 250));
  }
}

/**
 * `npm start` (tools/start/start.mjs) as a process manager runs it: npm exits on a SIGTERM sent to it alone
 * (`kill $!`, systemd's KillMode=process) without passing it on, and the launcher is handed to another parent.
 */
describe('npm start, when the process that ran it is gone', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('launcher');
  });
  afterAll(() => database?.drop());

  it('stops the API it started, instead of leaving it listening', async () => {
    const port = await freePort();
    const output: string[] = [];
    // the launcher's parent, standing for npm: it starts the script and is then killed outright
    const npm = spawn(process.execPath, ['-e', "require('node:child_process').spawn(process.execPath, ['tools/start/start.mjs'], { stdio: 'inherit' }); setInterval(() => {}, 1000)"], {
      cwd: root,
      env: { ...process.env, PORT: String(port), DATABASE_URL: database.url, LOAD_DEMO_CATALOG: 'false', APP_MODE: 'dev' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    npm.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    npm.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    try {
      await until('the API answers', async () => (await healthOf(port)) === 200, 150_000).catch((error: Error) => {
        throw new Error(`${error.message}\n${output.join('')}`);
      });
      npm.kill('SIGKILL');
      await until('the API stops', async () => (await healthOf(port)) === 'refused', 20_000);
      await until('the launcher says it stopped', async () => output.join('').includes('[start] stopped'), 10_000);
    } finally {
      npm.kill('SIGKILL');
    }
  });
});
