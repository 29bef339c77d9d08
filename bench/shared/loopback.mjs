// Small pieces the loopback benchmarks share: their settings, a free port, and one HTTP call accounted for on its own.
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import { join } from 'node:path';
import { createServer } from 'node:net';

/** A positive integer setting from the environment, else `fallback`. */
export function positive(name, fallback) {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

/** A port free on 127.0.0.1 right now. */
export const freePort = () =>
  new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });

/**
 * `send(method, path, { body, headers })` to 127.0.0.1 on `port()` (read at each call: the app's port is known once it
 * starts) through `agent`; resolves to { status, headers, text }, rejects on a transport error or no answer in time.
 */
export function loopbackSender(agent, port, timeoutMs = 30_000) {
  return (method, path, { body, headers = {} } = {}) =>
    new Promise((done, fail) => {
      const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      const request = http.request(
        { host: '127.0.0.1', port: port(), method, path, agent, headers: payload ? { 'content-type': 'application/json', 'content-length': payload.length, ...headers } : headers },
        (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () => done({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }));
          response.on('error', fail);
        },
      );
      request.setTimeout(timeoutMs, () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      request.on('error', fail);
      request.end(payload);
    });
}

/** Waits up to 60 s for the started API to answer its health check; fails at once when its process exits. */
export async function whenHealthy(api, send) {
  for (let i = 0; ; i++) {
    if (api.exitCode !== null) throw new Error(`the app exited with code ${api.exitCode}`);
    if (await send('GET', '/api/health').then((r) => r.status === 200, () => false)) return;
    if (i > 300) throw new Error('the app did not become healthy within 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Imports a catalog file with the built catalog CLI of `dist` into the database at `databaseUrl`. */
export function importCatalog(dist, catalog, databaseUrl) {
  const imported = spawnSync(process.execPath, [join(dist, 'catalog-cli.js'), 'import', catalog], { encoding: 'utf8', env: { ...process.env, DATABASE_URL: databaseUrl } });
  if (imported.status !== 0) throw new Error(`importing ${catalog} failed:\n${imported.stdout}${imported.stderr}`);
}

/**
 * A bench's teardown, whatever happened before: the keep-alive `agent` destroyed, the `sql` client ended, the API
 * process (`api`, a child process) stopped with SIGTERM and waited for, then the embedded `database` stopped.
 */
export async function stopBenchApp({ agent, sql, api, database }) {
  agent.destroy();
  await sql.end().catch(() => undefined);
  if (api.exitCode === null && api.signalCode === null) {
    api.kill('SIGTERM');
    await new Promise((r) => api.once('exit', r));
  }
  await database.stop();
}
