import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';

const LOOPBACK = '127.0.0.1';

/**
 * What `npm start` does about mail, from its environment: SMTP_URL given, the app sends there; APP_MODE=prod
 * without it, mail stays off (a production instance must not swallow its mail); otherwise a local catcher,
 * on MAIL_CATCHER_SMTP_PORT / MAIL_CATCHER_WEB_PORT or free ports (0).
 * @param {Record<string, string | undefined>} env
 * @returns {{ kind: 'smtp-url' } | { kind: 'off' } | { kind: 'catcher', smtpPort: number, webPort: number }}
 */
export function mailPlan(env) {
  if (env.SMTP_URL && env.SMTP_URL.trim() !== '') return { kind: 'smtp-url' };
  if ((env.APP_MODE ?? 'dev') === 'prod') return { kind: 'off' };
  return { kind: 'catcher', smtpPort: portSetting(env, 'MAIL_CATCHER_SMTP_PORT'), webPort: portSetting(env, 'MAIL_CATCHER_WEB_PORT') };
}

/** @param {Record<string, string | undefined>} env @param {string} name */
function portSetting(env, name) {
  const value = env[name]?.trim();
  if (!value) return 0;
  const port = Number(value);
  // `told`: start.mjs prints it as a message, not a stack
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw Object.assign(new Error(`${name} must be a port number (1-65535), not ${JSON.stringify(value)}`), { told: true });
  return port;
}

/**
 * A port on the loopback interface nobody listens on: the one asked for when it is free (an error naming the
 * setting when not), any free one for 0. maildev takes 0 for "its default" (1025, 1080), so it gets a number.
 * @param {number} port @param {string} setting
 * @returns {Promise<number>}
 */
function freePort(port, setting) {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error) => reject(new Error(`${setting}: 127.0.0.1:${port} is not free (${error.code ?? error.message})`)));
    probe.listen(port, LOOPBACK, () => {
      const { port: bound } = /** @type {import('node:net').AddressInfo} */ (probe.address());
      probe.close(() => resolve(bound));
    });
  });
}

/** @param {string} url @param {number} timeoutMs */
async function waitUntilServing(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the mail catcher's page did not answer at ${url}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

let running = false;

/**
 * A local mail catcher (maildev): SMTP and a web page listing what was sent, both on 127.0.0.1. Messages are
 * kept as .eml files in `mailDir` and shown again after a restart. One per process: maildev keeps its state in
 * module variables.
 * @param {{ smtpPort?: number, webPort?: number, mailDir: string }} options
 * @returns {Promise<{ smtpUrl: string, webUrl: string, stop(): Promise<void> }>}
 */
export async function startMailCatcher({ smtpPort = 0, webPort = 0, mailDir }) {
  if (running) throw new Error('a mail catcher is already running in this process');
  const smtp = await freePort(smtpPort, 'MAIL_CATCHER_SMTP_PORT');
  const web = await freePort(webPort, 'MAIL_CATCHER_WEB_PORT');
  mkdirSync(mailDir, { recursive: true });
  // maildev is CommonJS without types; it is a devDependency, loaded only here, never by the API
  const MailDev = createRequire(import.meta.url)('maildev');
  // maildev installs SIGINT/SIGTERM handlers that exit the process at once; the caller owns the order of the stop
  const signals = /** @type {const} */ (['SIGINT', 'SIGTERM']);
  const before = new Map(signals.map((s) => [s, process.listeners(s)]));
  const maildev = new MailDev({ smtp, web, ip: LOOPBACK, webIp: LOOPBACK, mailDirectory: mailDir, silent: true });
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) if (!before.get(signal)?.includes(listener)) process.removeListener(signal, listener);
  }
  running = true;
  try {
    // maildev.listen() of 2.2.0 throws a ReferenceError (`host` undefined) when the server is up: its SMTP server
    // (smtp-server, exposed as `smtp`) is started directly instead
    await new Promise((resolve, reject) => {
      maildev.smtp.once('error', reject);
      maildev.smtp.listen(smtp, LOOPBACK, () => {
        maildev.smtp.off('error', reject);
        resolve(undefined);
      });
    });
    await waitUntilServing(`http://${LOOPBACK}:${web}/healthz`, 10_000);
  } catch (error) {
    await new Promise((resolve) => maildev.close(resolve));
    running = false;
    throw error;
  }
  return {
    smtpUrl: `smtp://${LOOPBACK}:${smtp}`,
    webUrl: `http://localhost:${web}`,
    stop: () =>
      new Promise((resolve) => {
        if (!running) return resolve();
        maildev.close(() => {
          running = false;
          resolve();
        });
      }),
  };
}
