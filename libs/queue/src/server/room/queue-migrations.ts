import type { Migration } from '@ticketing/postgres';

/**
 * The waiting room's durable record, in PostgreSQL (every API process reads and writes the same line, and it
 * survives a restart). Not an event stream: 50,000 joins in seconds would serialize on one stream's revision, and
 * a place in line is fixed once given. It is as auditable: who joined when (by session digest, in arrival order),
 * the draw's seed (replaying `drawOrder` on the `before_opening` rows in arrival order gives their positions: a join
 * is `before_opening` only if stored before the draw, see WaitingRoomStore), and each admission
 * (which places, when). Rows are only inserted or set once, except the room's running counters: a buyer whose
 * admission lapsed and who joins again keeps the row of the place they had (marked `left_at`) and gets a new one.
 */
export const queueMigrations: Migration[] = [
  {
    id: 'queue-001-waiting-room',
    sql: `
      create table queue_rooms (
        event_short_name text primary key,
        opens_at timestamptz not null,
        drawn_at timestamptz,
        draw_seed text,
        drawn_count integer not null default 0,
        placed_through integer not null default 0,
        admitted_through integer not null default 0,
        last_tick_at timestamptz,
        carry double precision not null default 0
      );
      create table queue_tickets (
        event_short_name text not null,
        session_digest text not null,
        arrival bigint generated always as identity,
        joined_at timestamptz not null,
        before_opening boolean not null,
        position integer,
        primary key (event_short_name, session_digest)
      );
      create unique index queue_tickets_position on queue_tickets (event_short_name, position) where position is not null;
      create index queue_tickets_unplaced on queue_tickets (event_short_name, arrival) where position is null;
      create table queue_admissions (
        event_short_name text not null,
        from_position integer not null,
        to_position integer not null,
        admitted_at timestamptz not null,
        primary key (event_short_name, to_position)
      );`,
  },
  {
    // a session may have had places before (each left when its admission lapsed and it joined again): one row per
    // place, the one in line unique per session
    id: 'queue-002-rejoin-keeps-the-place-left',
    sql: `
      alter table queue_tickets add column left_at timestamptz;
      alter table queue_tickets drop constraint queue_tickets_pkey;
      alter table queue_tickets add primary key (event_short_name, arrival);
      create unique index queue_tickets_in_line on queue_tickets (event_short_name, session_digest) where left_at is null;`,
  },
  {
    // a join that began before the opening but was stored after the draw was recorded before_opening though the draw
    // never saw it (placed later, in arrival order), so the replay of the seed on the before_opening rows failed: from
    // now on before_opening means in the draw (decided under the room's lock), and the rows stored so are set right
    id: 'queue-003-before-opening-is-in-the-draw',
    sql: `
      update queue_tickets t set before_opening = false
        from queue_rooms r
       where r.event_short_name = t.event_short_name and r.drawn_at is not null and t.before_opening
         and (t.position is null or t.position > r.drawn_count);`,
  },
];
