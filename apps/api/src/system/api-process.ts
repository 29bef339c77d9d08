import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { freePort } from '@ticketing/postgres';

/** The built API (dist/api/main.js, see tools/test/build-api-global-setup.ts) running as a process of its own. */
export interface ApiProcess {
  readonly name: string;
  readonly baseUrl: string;
  /** The end of what the process wrote to stderr (its warnings and errors), for failure messages. */
  logs(): string;
  /** SIGTERM, then SIGKILL after 15 s; resolves once the process is gone. */
  stop(): Promise<void>;
  /** SIGKILL at once, a crash: no shutdown hook runs, nothing in flight is finished; resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGSTOP: the process stops wherever it is (calls half done stay half done) until it is killed. */
  freeze(): void;
}

const taken = new Set<number>();
const LOG_TAIL = 20_000;

/**
 * Starts one API process on a free port of 127.0.0.1 and waits (at most 60 s) until /api/health answers 200, unless
 * `waitUntilHealthy` is false (a test that watches, or kills, the start-up itself). `env` may be made from the
 * process's base URL (its PUBLIC_BASE_URL, say).
 */
export async function startApiProcess(
  name: string,
  env: Record<string, string> | ((baseUrl: string) => Record<string, string>),
  { waitUntilHealthy = true }: { waitUntilHealthy?: boolean } = {},
): Promise<ApiProcess> {
  let port = await freePort();
  while (taken.has(port)) port = await freePort();
  taken.add(port);
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/api/main.js'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', APP_MODE: 'dev', LOG_LEVEL: 'warn', ...(typeof env === 'function' ? env(baseUrl) : env) },
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-LOG_TAIL);
  });
  const logs = (): string => `--- stderr of API process ${name} (last ${LOG_TAIL} characters) ---\n${stderr}`;
  const exited = once(child, 'exit');
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(killer);
  };
  const kill = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGKILL');
    await exited;
  };
  const freeze = (): void => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGSTOP');
  };
  const deadline = Date.now() + 60_000;
  while (waitUntilHealthy) {
    if (child.exitCode !== null) throw new Error(`API process ${name} exited with code ${child.exitCode} while starting\n${logs()}`);
    const ok = await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`API process ${name} did not become healthy within 60 s\n${logs()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { name, baseUrl, logs, stop, kill, freeze };
}

/** Runs one of the bundled command-line tools (dist/api/<tool>.js) against a database (and `env`: EVENTSTORE_URL, say); never throws. */
export function runBuiltTool(
  tool: 'cli' | 'catalog-cli',
  args: readonly string[],
  databaseUrl: string,
  env: Record<string, string> = {},
): { status: number | null; stdout: string; output: string } {
  const run = spawnSync(process.execPath, [`dist/api/${tool}.js`, ...args], { encoding: 'utf8', env: { ...process.env, DATABASE_URL: databaseUrl, ...env }, timeout: 120_000 });
  const stdout = run.stdout ?? '';
  return { status: run.status, stdout, output: `${stdout}${run.stderr ?? ''}${run.error ? `\n${run.error.message}` : ''}` };
}

/** A buyer's session on one process: its token and anti-forgery header, as the storefront sends them. */
export interface Session {
  readonly api: ApiProcess;
  readonly headers: Record<string, string>;
}

export async function openSession(api: ApiProcess): Promise<Session> {
  const response = await fetch(`${api.baseUrl}/api/v2/public/i18n/languages`);
  const token = response.headers.get('x-auth-token');
  const xsrf = response.headers.get('xsrf-token');
  if (!response.ok || !token || !xsrf) throw new Error(`opening a session on ${api.name} answered ${response.status}`);
  return { api, headers: { 'X-Auth-Token': token, 'X-CSRF-TOKEN': xsrf, 'Content-Type': 'application/json' } };
}

/** An answer of the API: JSON bodies parsed, any other body as its text. */
export interface ApiAnswer {
  readonly status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- wire JSON, asserted field by field
  readonly body: any;
  readonly headers: Headers;
}

/**
 * A public API call in the session; without a body, no Content-Type (a JSON media type announces a body: an empty one
 * is 400). An answer slower than `timeoutMs` (default 60 s) throws: a hung call is a failure of its own.
 */
export async function callApi(session: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: object, timeoutMs = 60_000): Promise<ApiAnswer> {
  const { 'Content-Type': _json, ...bodiless } = session.headers;
  const init = body ? { headers: session.headers, body: JSON.stringify(body) } : { headers: bodiless };
  const response = await fetch(`${session.api.baseUrl}/api/v2/public${path}`, { method, ...init, signal: AbortSignal.timeout(timeoutMs) });
  const text = await response.text();
  const json = (response.headers.get('content-type') ?? '').includes('json');
  return { status: response.status, body: json && text ? JSON.parse(text) : text || null, headers: response.headers };
}
