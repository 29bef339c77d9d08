import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { freePort } from '@ticketing/postgres';
import { createTestDatabase, type TestDatabase } from '@ticketing/postgres/testing';
import { startMailCatcher, type ReceivedMail } from '@ticketing/testing/app';

export type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;

/** The built app (dist/api/main.js) of one spec, on a database of its own, with a real SMTP catcher. */
export interface OwnApp {
  readonly baseUrl: string;
  /** The app's database, for what a spec checks underneath the app (the raw event log, the audit CLI). */
  readonly database: TestDatabase;
  readonly mail: MailCatcher;
  /** Waits (up to 20 s: on a loaded machine a confirmation renders its PDFs first) for `count` messages to `to`. */
  mailsTo(to: string, count: number): Promise<ReceivedMail[]>;
  stop(): Promise<void>;
}

export interface OwnAppOptions {
  /** Name of the spec's database. */
  readonly database: string;
  /** The catalog file imported once the app is healthy. */
  readonly catalog: string;
  readonly mailFrom: string;
  /**
   * More of the app's environment (organizer API keys, ...), or a function of the app's address that makes it (an
   * OpenID provider that must know where to send visitors back).
   */
  readonly env?: Readonly<Record<string, string>> | ((baseUrl: string) => Promise<Readonly<Record<string, string>>>);
}

/**
 * Starts the app as `npm start` runs it in development mode (PUBLIC_BASE_URL its own loopback address, so e-mailed
 * links lead back to it), waits until it is healthy and imports the spec's catalog with the catalog CLI.
 */
export async function startOwnApp(options: OwnAppOptions): Promise<OwnApp> {
  const database: TestDatabase = await createTestDatabase(options.database);
  const mail = await startMailCatcher();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = typeof options.env === 'function' ? await options.env(baseUrl) : options.env;
  const api: ChildProcess = spawn(process.execPath, ['--enable-source-maps', 'dist/api/main.js'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      APP_MODE: 'dev',
      LOG_LEVEL: 'warn',
      PUBLIC_BASE_URL: baseUrl,
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      MAIL_FROM: options.mailFrom,
      ...env,
    },
  });
  const stop = async () => {
    if (api.exitCode === null) {
      api.kill('SIGTERM');
      await new Promise((r) => api.once('exit', r));
    }
    await database.drop();
    await mail.close();
  };
  try {
    const deadline = Date.now() + 60_000;
    while (!(await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false))) {
      if (api.exitCode !== null) throw new Error(`the app exited with code ${api.exitCode}`);
      if (Date.now() > deadline) throw new Error('the app did not become healthy within 60 s');
      await new Promise((r) => setTimeout(r, 200));
    }
    const imported = spawnSync(process.execPath, ['dist/api/catalog-cli.js', 'import', options.catalog], { encoding: 'utf8', env: { ...process.env, DATABASE_URL: database.url } });
    if (imported.status !== 0) throw new Error(`importing ${options.catalog} failed:\n${imported.stdout}${imported.stderr}`);
  } catch (error) {
    await stop();
    throw error;
  }
  const mailsTo = async (to: string, count: number): Promise<ReceivedMail[]> => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const found = mail.mails.filter((m) => m.to.includes(to));
      if (found.length >= count) return found;
      if (Date.now() > deadline) throw new Error(`${found.length} of ${count} e-mails to ${to} arrived`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  return { baseUrl, database, mail, mailsTo, stop };
}
