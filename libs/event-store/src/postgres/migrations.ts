import type { Migration } from '@ticketing/postgres';

/**
 * The event store's schema. Apply with `migrate(db, [...eventStoreMigrations, ...])`. subject_keys is needed
 * by both adapters (personal data keys live in PostgreSQL even when events live in KurrentDB).
 */
export const eventStoreMigrations: Migration[] = [
  {
    id: 'event-store-001-events',
    sql: `
      create table streams (
        stream_id text primary key,
        -- revision of the stream's last event; -1 only inside the transaction that creates the stream
        revision integer not null,
        last_hash text not null
      );
      create table events (
        -- global order; assigned under the append lock, so it is also commit order (see append-events.ts)
        position bigint generated always as identity primary key,
        stream_id text not null,
        revision integer not null,
        id uuid not null unique,
        type text not null,
        data jsonb not null,
        metadata jsonb not null,
        personal_subject_id text,
        personal_ciphertext bytea,
        recorded_at timestamptz not null default now(),
        hash text not null,
        previous_hash text not null,
        unique (stream_id, revision),
        check ((personal_subject_id is null) = (personal_ciphertext is null))
      );`,
  },
  {
    id: 'event-store-002-subject-keys',
    sql: `
      create table subject_keys (
        subject_id text primary key,
        key_id uuid not null,
        -- 32 raw bytes, or wrapped by EVENTSTORE_MASTER_KEY when wrapped is true
        key bytea not null,
        wrapped boolean not null,
        created_at timestamptz not null default now()
      );`,
  },
];
