import type { Migration } from '@ticketing/postgres';

/**
 * One row per projection: how far in the global log its tables are (`position`, moved in the same
 * transaction as the rows), which version of the projection built them, and why it stopped, if it did.
 */
export const projectionMigrations: readonly Migration[] = [
  {
    id: 'projections-001-checkpoints',
    sql: `create table projection_checkpoints (
      name text primary key,
      position bigint not null default 0 check (position >= 0),
      version integer not null,
      updated_at timestamptz not null default now(),
      last_error text
    )`,
  },
  {
    // The position of the last batch that wrote rows: what caches of the tables key on. `position` moves with
    // every batch of the log, also one the projection has nothing to do with.
    id: 'projections-002-changed-position',
    sql: `alter table projection_checkpoints add column changed_position bigint not null default 0`,
  },
];
