import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createPool, type Db } from './database.js';

/**
 * The integration tests share one embedded PostgreSQL cluster (started by the vitest global setup, its
 * admin URL in TEST_PG_ADMIN_URL); each test file gets a database of its own, dropped afterwards.
 */
export interface TestDatabase {
  readonly url: string;
  readonly db: Db;
  drop(): Promise<void>;
}

export function adminUrl(): string {
  const url = process.env['TEST_PG_ADMIN_URL'];
  if (!url) throw new Error('TEST_PG_ADMIN_URL is not set: run integration tests through vitest (npm test)');
  return url;
}

export async function createTestDatabase(prefix = 'test'): Promise<TestDatabase> {
  const name = `${prefix.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const db = createPool(url.toString(), 20);
  return {
    url: url.toString(),
    db,
    async drop() {
      await db.end();
      const client = new pg.Client({ connectionString: adminUrl() });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}
