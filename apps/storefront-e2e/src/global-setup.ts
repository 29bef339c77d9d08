import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { createTestDatabase, type TestDatabase } from '@ticketing/postgres/testing';
import { freePort } from '@ticketing/postgres';
import { buildApp } from '../../../tools/test/build-app.js';
import { startMailCatcher } from '@ticketing/testing/app';

let api: ChildProcess | undefined;
let database: TestDatabase | undefined;
let mailCatcher: Awaited<ReturnType<typeof startMailCatcher>> | undefined;

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The demo organizer's key for the organizer API (confirming a bank transfer as the organizer would). */
    organizerApiKey: string;
  }
}

// Made up for this run's app only: the demo organizer 'seeklang' (tools/catalog/demo/demo.catalog.yaml).
const ORGANIZER_API_KEY = 'e2e-seeklang-key-7c41d09a';

/** Builds the app (Nx cache makes a second run instant) and starts it on a free port with its own database. */
export async function setup(project: TestProject): Promise<void> {
  buildApp(['api', 'storefront'], 'the browser tests');
  if (!existsSync('/usr/bin/chromium')) throw new Error('browser tests need Debian chromium: apt-get install -y chromium');
  database = await createTestDatabase('e2e');
  const port = await freePort();
  // The reservation e-mails go to a local SMTP catcher: without a mail server 're-send-email' answers false. Every
  // browser of the run comes from 127.0.0.1: the e-mails on request get a budget for the whole run, not for a person.
  mailCatcher = await startMailCatcher();
  api = spawn(process.execPath, ['--enable-source-maps', 'dist/api/main.js'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: database.url, APP_MODE: 'dev', LOG_LEVEL: 'warn', ORGANIZER_API_KEYS: `seeklang:${ORGANIZER_API_KEY}`, SMTP_URL: `smtp://127.0.0.1:${mailCatcher.port}`, MAIL_FROM: 'tickets@seeklang.example.org', ANNOUNCEMENT_BANNER_HTML: '<strong>Doors open at 18:00</strong> at the main entrance.', RATE_LIMITS: 'mail=120:120' },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (api.exitCode !== null) throw new Error(`the app exited with code ${api.exitCode}`);
    const ok = await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error('the app did not become healthy within 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  // The browser tests browse the demo catalog, imported the way `npm start` does it.
  const demo = spawnSync(process.execPath, ['dist/api/catalog-cli.js', 'import', 'tools/catalog/demo/demo.catalog.yaml'], {
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: database.url },
  });
  if (demo.status !== 0) throw new Error(`importing the demo catalog failed:\n${demo.stdout}${demo.stderr}`);
  project.provide('baseUrl', baseUrl);
  project.provide('organizerApiKey', ORGANIZER_API_KEY);
}

export async function teardown(): Promise<void> {
  if (api && api.exitCode === null) {
    api.kill('SIGTERM');
    await new Promise((r) => api!.once('exit', r));
  }
  await database?.drop();
  await mailCatcher?.close();
}
