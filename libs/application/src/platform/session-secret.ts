import { randomBytes } from 'node:crypto';
import type { Db, Migration } from '@ticketing/postgres';

export const appSecretMigrations: Migration[] = [
  {
    id: 'app-001-secrets',
    sql: 'create table app_secrets (name text primary key, value text not null, created_at timestamptz not null default now())',
  },
];

/**
 * The key that signs anti-forgery tokens. Every API process on one database must use the same one, so it is
 * either configured (SESSION_SECRET) or made once and kept in the database; the first process to start wins.
 */
export async function loadSessionSecret(db: Db, configured: string | null): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  await db.query('insert into app_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [
    'session',
    randomBytes(32).toString('base64'),
  ]);
  const row = await db.query<{ value: string }>('select value from app_secrets where name = $1', ['session']);
  return Buffer.from(row.rows[0]!.value, 'base64');
}
