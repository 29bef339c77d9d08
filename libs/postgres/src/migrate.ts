import type { Db } from './database.js';
import { inTransaction } from './database.js';

/** One schema change. `id` is sorted and recorded; a shipped migration is never edited, only followed. */
export interface Migration {
  readonly id: string;
  readonly sql: string;
}

// Any constant works; it only has to be the same for every process migrating this database.
const MIGRATION_LOCK = 7_246_001;

/** Applies the migrations not applied yet, all in one transaction (all or none); safe to run from several processes at once. */
export async function migrate(db: Db, migrations: readonly Migration[]): Promise<string[]> {
  const applied: string[] = [];
  await inTransaction(db, async (client) => {
    await client.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      'create table if not exists schema_migrations (id text primary key, applied_at timestamptz not null default now())',
    );
    const done = new Set((await client.query<{ id: string }>('select id from schema_migrations')).rows.map((r) => r.id));
    for (const migration of [...migrations].sort((a, b) => a.id.localeCompare(b.id))) {
      if (done.has(migration.id)) continue;
      await client.query(migration.sql);
      await client.query('insert into schema_migrations (id) values ($1)', [migration.id]);
      applied.push(migration.id);
    }
  });
  return applied;
}
