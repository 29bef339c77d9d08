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
  {
    // Hash format 2 (recorded_at in the hash) and the log chain: see hash-chain.ts, log-chain.ts and the README.
    id: 'event-store-003-log-chain',
    sql: `
      -- Positions are taken from event_log under its row lock from now on (gapless), no longer from a sequence.
      alter table events alter column position drop identity;
      -- Events stored before this migration keep format 1 and no log link; every later one is written with both.
      alter table events add column hash_format smallint not null default 1, add column log_hash text;
      alter table events alter column hash_format drop default;

      create table event_log (
        singleton boolean primary key default true check (singleton),
        -- the last position taken, and the log link of the event there
        position bigint not null,
        log_hash text not null,
        -- the last position stored before the log chain began, and the link the chain began from: the
        -- running link over every event up to there (none of them stores its own)
        chained_after bigint not null,
        anchor text not null
      );

      -- One pass over the events already stored. The table is locked by the alter above, so no append slips in.
      do $$
      declare
        link text := repeat('0', 64);
        last_position bigint := 0;
        e record;
      begin
        for e in select position, hash from events order by position loop
          link := encode(sha256(convert_to(link || ':' || e.position || ':' || e.hash, 'UTF8')), 'hex');
          last_position := e.position;
        end loop;
        insert into event_log values (true, last_position, link, last_position, link);
      end $$;

      -- Takes one position per hash, chains each to the log, and moves the log head. Its row lock is the
      -- append lock: held until commit, so positions become visible in order (see append-events.ts).
      create function event_store_take_positions(hashes text[]) returns table (taken_position bigint, taken_log_hash text)
      language plpgsql as $$
      declare
        last_position bigint;
        link text;
      begin
        select l.position, l.log_hash into last_position, link from event_log l where l.singleton for update;
        for i in 1 .. coalesce(array_length(hashes, 1), 0) loop
          last_position := last_position + 1;
          link := encode(sha256(convert_to(link || ':' || last_position || ':' || hashes[i], 'UTF8')), 'hex');
          taken_position := last_position;
          taken_log_hash := link;
          return next;
        end loop;
        update event_log set position = last_position, log_hash = link where singleton;
      end $$;`,
  },
  {
    // An event's data and metadata are kept as json: the text jsonb gives (appends still go through jsonb, which
    // refuses what no jsonb value can hold, a NUL, and writes its form of the text), so every read hands back
    // the text as stored. Printing jsonb was 2.9 µs of PostgreSQL's CPU per event read, printing json 0.7 µs
    // (302,420 events: 870 against 220 ms); a replay reads every event (bench/replay/README.md, session 21).
    id: 'event-store-004-json-text',
    sql: `alter table events alter column data type json using data::json, alter column metadata type json using metadata::json;`,
  },
];
