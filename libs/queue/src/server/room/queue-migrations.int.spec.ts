import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '@ticketing/postgres';
import { createTestDatabase, type TestDatabase } from '@ticketing/postgres/testing';
import { queueMigrations } from './queue-migrations.js';
import { WaitingRoomStore } from './waiting-room.store.js';

describe('the waiting room tables of a database made before re-joins kept the place left', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('queue_migrations');
  });
  afterAll(() => database?.drop());

  it('keep their line: the same places, each session once in line, and a lapsed buyer can join again', async () => {
    const opensAt = new Date('2026-06-01T10:00:00Z');
    await migrate(database.db, queueMigrations.slice(0, 1));
    await database.db.query("insert into queue_rooms (event_short_name, opens_at, drawn_at, draw_seed, drawn_count) values ('gala', $1, $1, 'seed', 2)", [opensAt]);
    await database.db.query(
      `insert into queue_tickets (event_short_name, session_digest, joined_at, before_opening, position)
       values ('gala', 'one', $1, true, 2), ('gala', 'two', $1, true, 1), ('gala', 'three', $2, false, null), ('gala', 'stored-late', $1, true, null)`,
      [new Date(opensAt.getTime() - 1_000), new Date(opensAt.getTime() + 1_000)],
    );
    expect(await migrate(database.db, queueMigrations)).toEqual(['queue-002-rejoin-keeps-the-place-left', 'queue-003-before-opening-is-in-the-draw']);
    const store = new WaitingRoomStore(database.db);
    const now = new Date(opensAt.getTime() + 60_000);
    expect(await store.join('gala', 'one', opensAt, now)).toBe(false);
    expect(await store.join('gala', 'four', opensAt, now)).toBe(true);
    await store.leave('gala', 'two', 1, now);
    expect(await store.join('gala', 'two', opensAt, now)).toBe(true);
    const { rows } = await database.db.query('select session_digest, position, left_at is not null as left, before_opening from queue_tickets order by arrival');
    // a join before the opening stored after the draw (never drawn) is no longer recorded as in the draw
    expect(rows).toEqual([
      { session_digest: 'one', position: 2, left: false, before_opening: true },
      { session_digest: 'two', position: 1, left: true, before_opening: true },
      { session_digest: 'three', position: null, left: false, before_opening: false },
      { session_digest: 'stored-late', position: null, left: false, before_opening: false },
      { session_digest: 'four', position: null, left: false, before_opening: false },
      { session_digest: 'two', position: null, left: false, before_opening: false },
    ]);
  });
});
