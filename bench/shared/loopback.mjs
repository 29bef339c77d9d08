// Small pieces the loopback benchmarks share: their settings, a free port, and one HTTP call accounted for on its own.
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import { join } from 'node:path';
import { createServer, Socket } from 'node:net';

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

/**
 * Like loopbackSender, for a load client that must not be the bottleneck: `connections` keep-alive sockets to
 * 127.0.0.1 on `port()`, one request in flight on each (a caller waits for a free one), the request written in one
 * piece and the answer framed by its Content-Length, without node:http's request and response objects (about a
 * fifth of the CPU per call, measured in bench/waiting-room). Answers in chunked transfer encoding are refused (the
 * API frames its answers by length). `close()` ends the sockets.
 */
export function keepAliveSender(port, connections, timeoutMs = 30_000) {
  const idle = [];
  const waiting = [];
  const all = new Set();
  let closed = false;
  const acquire = () => {
    if (idle.length > 0) return Promise.resolve(idle.pop());
    if (all.size < connections) return Promise.resolve(connection());
    return new Promise((resolve) => waiting.push(resolve));
  };
  const release = (conn) => {
    if (conn.socket.destroyed) return;
    const next = waiting.shift();
    if (next) next(conn);
    else idle.push(conn);
  };
  const connection = () => {
    const socket = new Socket();
    const conn = { socket, buffer: Buffer.alloc(0), current: null };
    all.add(conn);
    socket.setNoDelay(true);
    socket.connect(port(), '127.0.0.1');
    socket.on('data', (chunk) => {
      conn.buffer = conn.buffer.length === 0 ? chunk : Buffer.concat([conn.buffer, chunk]);
      const current = conn.current;
      if (!current) return;
      const answer = parseAnswer(conn);
      if (answer === null) return;
      conn.current = null;
      clearTimeout(current.timer);
      if (answer instanceof Error) {
        socket.destroy(answer);
        current.fail(answer);
        return;
      }
      current.done(answer);
      if (answer.close) socket.destroy();
      else release(conn);
    });
    const gone = (error) => {
      all.delete(conn);
      const index = idle.indexOf(conn);
      if (index >= 0) idle.splice(index, 1);
      if (conn.current) {
        clearTimeout(conn.current.timer);
        conn.current.fail(error ?? new Error('the connection closed before the answer'));
        conn.current = null;
      }
      // a caller waiting for a socket gets a new one
      if (!closed && waiting.length > 0 && all.size < connections) waiting.shift()(connection());
    };
    socket.on('error', gone);
    socket.on('close', () => gone());
    return conn;
  };
  const send = async (method, path, { body, headers = {} } = {}) => {
    const conn = await acquire();
    const payload = body === undefined ? '' : JSON.stringify(body);
    let head = `${method} ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\n`;
    for (const name in headers) head += `${name}: ${headers[name]}\r\n`;
    if (payload !== '') head += `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(payload)}\r\n`;
    else if (method !== 'GET' && method !== 'HEAD') head += 'content-length: 0\r\n';
    return new Promise((done, fail) => {
      conn.current = { done, fail, timer: setTimeout(() => conn.socket.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs) };
      conn.socket.write(`${head}\r\n${payload}`);
    });
  };
  send.close = () => {
    closed = true;
    for (const conn of all) conn.socket.destroy();
  };
  return send;
}

/** The answer at the front of `conn.buffer` once it is whole ({ status, headers, text, close }), else null; an Error when it cannot be read. */
function parseAnswer(conn) {
  const buffer = conn.buffer;
  const end = buffer.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const lines = buffer.toString('latin1', 0, end).split('\r\n');
  const status = Number(lines[0].slice(9, 12));
  const headers = {};
  for (let i = 1; i < lines.length; i++) {
    const colon = lines[i].indexOf(':');
    const name = lines[i].slice(0, colon).toLowerCase();
    const value = lines[i].slice(colon + 1).trim();
    if (name === 'set-cookie') (headers[name] ??= []).push(value);
    else headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  if (headers['transfer-encoding'] !== undefined) return new Error(`a ${headers['transfer-encoding']} answer: only answers framed by Content-Length are read`);
  const length = Number(headers['content-length'] ?? 0);
  if (buffer.length < end + 4 + length) return null;
  const text = buffer.toString('utf8', end + 4, end + 4 + length);
  conn.buffer = buffer.subarray(end + 4 + length);
  return { status, headers, text, close: headers['connection'] === 'close' };
}
