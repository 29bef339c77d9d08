import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type RunningPostgres } from './embedded.js';

describe('an embedded PostgreSQL started with settings', () => {
  const parent = mkdtempSync(join(tmpdir(), 'embedded-settings-'));
  let running: RunningPostgres | undefined;
  afterAll(async () => {
    await running?.stop();
    rmSync(parent, { recursive: true, force: true });
  });

  it('runs with them: a preloaded library and its own setting, beside the defaults', async () => {
    running = await startEmbeddedPostgres({
      dataDir: join(parent, 'pg'),
      database: 'settings',
      ephemeral: true,
      settings: { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track': 'all' },
    });
    const client = new pg.Client({ connectionString: running.url });
    await client.connect();
    try {
      const shown = await client.query<{ preload: string; track: string; connections: string }>(
        `select current_setting('shared_preload_libraries') as preload, current_setting('pg_stat_statements.track') as track,
                current_setting('max_connections') as connections`,
      );
      expect(shown.rows[0]).toEqual({ preload: 'pg_stat_statements', track: 'all', connections: '200' });
      await client.query('create extension pg_stat_statements');
      const counted = await client.query<{ n: number }>('select count(*)::int as n from pg_stat_statements');
      expect(counted.rows[0]!.n).toBeGreaterThan(0);
    } finally {
      await client.end();
    }
  });
});
