import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction, migrate } from '@ticketing/postgres';
import { createTestDatabase, type TestDatabase } from '@ticketing/postgres/testing';
import { anEvent, aStreamId } from '../testing/fixtures.js';
import { GENESIS_HASH, HASH_FORMAT, LEGACY_HASH_FORMAT } from '../hash-chain.js';
import { LOG_STREAM_ID } from '../log-chain.js';
import { SubjectKeyVault } from '../personal-data/subject-key-vault.js';
import { chainEvents, prepareEvents } from '../prepare-events.js';
import type { EventToAppend } from '../port.js';
import { eventStoreMigrations } from './migrations.js';
import { PostgresEventStore } from './postgres-event-store.js';

const BEFORE_LOG_CHAIN = eventStoreMigrations.filter((migration) => migration.id < 'event-store-003');

/**
 * A log written before hash format 2 and the log chain (a developer's database from `npm start`, demo data):
 * the schema of migrations 001-002, rows as that version's append wrote them (format 1 hashes, positions from
 * the identity sequence, recorded_at from the column default), then the migration that adds the log chain.
 */
describe('PostgresEventStore on a log written before hash format 2', () => {
  let test: TestDatabase;
  let store: PostgresEventStore;
  const legacy = { order: aStreamId('reservation'), other: aStreamId('ticket') };

  /** What appendEvents did before: format 1 hashes (no recorded time), the position left to the sequence. */
  async function legacyAppend(streamId: string, events: readonly EventToAppend[]): Promise<void> {
    const prepared = await prepareEvents(events, new SubjectKeyVault(test.db));
    await inTransaction(test.db, async (client) => {
      const head = await client.query('select revision, last_hash from streams where stream_id = $1', [streamId]);
      const chained = chainEvents(streamId, prepared, head.rows[0]?.revision ?? -1, head.rows[0]?.last_hash ?? GENESIS_HASH);
      for (const e of chained) {
        await client.query(
          `insert into events (stream_id, revision, id, type, data, metadata, personal_subject_id, personal_ciphertext, hash, previous_hash)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
          [streamId, e.revision, e.id, e.type, e.dataJson, e.metadataJson, e.personal?.subjectId ?? null, e.personal?.ciphertext ?? null, e.hash, e.previousHash],
        );
      }
      const last = chained.at(-1)!;
      await client.query(
        `insert into streams (stream_id, revision, last_hash) values ($1, $2, $3)
         on conflict (stream_id) do update set revision = excluded.revision, last_hash = excluded.last_hash`,
        [streamId, last.revision, last.hash],
      );
    });
  }

  beforeAll(async () => {
    test = await createTestDatabase('event_store_legacy');
    await migrate(test.db, BEFORE_LOG_CHAIN);
    await legacyAppend(legacy.order, [anEvent('ReservationOpened', { seats: 2 }), anEvent('BookingValidated', {}, { subjectId: 'buyer-1', data: { email: 'a@example.org' } })]);
    // A rolled-back append took a sequence number: the old log has a gap that is no evidence of anything.
    const client = await test.db.connect();
    try {
      await client.query('begin');
      await client.query(`insert into events (stream_id, revision, id, type, data, metadata, hash, previous_hash) values ('gone', 0, gen_random_uuid(), 'T', '{}', '{}', 'x', 'y')`);
      await client.query('rollback');
    } finally {
      client.release();
    }
    await legacyAppend(legacy.other, [anEvent('TicketIssued')]);
    await legacyAppend(legacy.order, [anEvent('ReservationConfirmed')]);
    await migrate(test.db, eventStoreMigrations);
    store = new PostgresEventStore(test.db);
  });
  afterAll(async () => {
    await store.close();
    await test.drop();
  });

  const rows = async () =>
    (await test.db.query<{ position: string; hash_format: number; log_hash: string | null }>('select position, hash_format, log_hash from events order by position')).rows;

  it('still verifies after the migration, each event in the format it was written with', async () => {
    expect((await rows()).map((r) => [r.position, r.hash_format, r.log_hash])).toEqual([
      ['1', LEGACY_HASH_FORMAT, null],
      ['2', LEGACY_HASH_FORMAT, null],
      ['4', LEGACY_HASH_FORMAT, null],
      ['5', LEGACY_HASH_FORMAT, null],
    ]);
    expect(await store.verify()).toEqual({ ok: true, streamsChecked: 2, eventsChecked: 4, problems: [] });
  });

  it('writes new events in format 2, chained to the log from where the old log ends, and the whole log verifies', async () => {
    await store.append(legacy.order, [anEvent('TicketsAssigned')], 2);
    await store.appendToStreams([
      { streamId: legacy.other, events: [anEvent('TicketReassigned')], expectedRevision: 0 },
      { streamId: aStreamId('reservation'), events: [anEvent('ReservationOpened')], expectedRevision: 'no_stream' },
    ]);
    const after = (await rows()).slice(4);
    expect(after.map((r) => [r.position, r.hash_format])).toEqual([['6', HASH_FORMAT], ['7', HASH_FORMAT], ['8', HASH_FORMAT]]);
    expect(after.every((r) => /^[0-9a-f]{64}$/.test(r.log_hash ?? ''))).toBe(true);
    expect(await store.verify()).toMatchObject({ ok: true, streamsChecked: 3, eventsChecked: 7 });
  });

  it('detects an old stream removed with its head, through the link the chain began from', async () => {
    await test.db.query('delete from events where stream_id = $1', [legacy.other]);
    await test.db.query('delete from streams where stream_id = $1', [legacy.other]);

    const result = await store.verify();
    expect(result.ok).toBe(false);
    expect(result.problems.map((p) => [p.streamId, p.kind, p.position])).toEqual([
      [LOG_STREAM_ID, 'altered', 5n],
      // the format 2 event of that stream went with it: a gap in the chained part
      [LOG_STREAM_ID, 'removed', 7n],
    ]);
  });
});
