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
export function loadSessionSecret(db: Db, configured: string | null): Promise<Buffer> {
  return loadSecret(db, 'session', configured);
}

/**
 * A platform secret by name: the configured one, else one made once and kept in the database (every process on
 * it reads the same). Ticket codes are signed with `ticket-codes` (TICKET_CODE_SECRET): printed tickets stay valid
 * across restarts and processes.
 */
export async function loadSecret(db: Db, name: string, configured: string | null): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  await db.query('insert into app_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [name, randomBytes(32).toString('base64')]);
  const row = await db.query<{ value: string }>('select value from app_secrets where name = $1', [name]);
  return Buffer.from(row.rows[0]!.value, 'base64');
}

/** A secret read once, when first asked for (not at start-up: the OpenAPI writer assembles the app without a database). */
export function once(load: () => Promise<Buffer>): () => Promise<Buffer> {
  let loaded: Promise<Buffer> | null = null;
  return () => {
    loaded ??= load().catch((error: unknown) => {
      loaded = null;
      throw error;
    });
    return loaded;
  };
}
