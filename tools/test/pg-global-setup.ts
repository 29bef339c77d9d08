import { mkdtempSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres, type RunningPostgres } from '@ticketing/postgres/embedded';

let running: RunningPostgres | undefined;

/** Starts one throw-away embedded PostgreSQL for the whole integration run (unless TEST_PG_ADMIN_URL is given). */
export async function setup(): Promise<void> {
  if (process.env['TEST_PG_ADMIN_URL']) return;
  const parent = mkdtempSync(join(tmpdir(), 'ticketing-test-'));
  chmodSync(parent, 0o755);
  running = await startEmbeddedPostgres({ dataDir: join(parent, 'pg'), database: 'postgres', ephemeral: true });
  process.env['TEST_PG_ADMIN_URL'] = running.url;
}

export async function teardown(): Promise<void> {
  await running?.stop();
}
