import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '@ticketing/postgres';
import { createTestDatabase, type TestDatabase } from '@ticketing/postgres/testing';
import { anEvent, aStreamId } from '../testing/fixtures.js';
import { hashEvent } from '../hash-chain.js';
import { eventStoreMigrations } from './migrations.js';
import { PostgresEventStore } from './postgres-event-store.js';

/** Tampering done the way an intruder with database access would: straight SQL on the rows. */
describe('PostgresEventStore hash chain: tampering with the rows is detected', () => {
  let test: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    test = await createTestDatabase('event_store_tamper');
    await migrate(test.db, eventStoreMigrations);
    store = new PostgresEventStore(test.db);
  });
  afterAll(async () => {
    await store.close();
    await test.drop();
  });

  /** A stream of four events (revisions 0..3), one with personal data, plus an untouched bystander stream. */
  async function aStream(): Promise<string> {
    const stream = aStreamId('tamper');
    await store.append(stream, [anEvent('Opened', { amount: 10 }), anEvent('Held', { seats: 2 })], 'no_stream');
    await store.append(stream, [anEvent('Detailed', {}, { subjectId: `s-${stream}`, data: { email: 'a@example.org' } })], 1);
    await store.append(stream, [anEvent('Paid', { amount: 10 })], 2);
    await store.append(aStreamId('bystander'), [anEvent('Other')]);
    return stream;
  }

  const problemsOf = async (stream: string) => (await store.verify(stream)).problems.map((p) => [p.kind, p.revision]);

  it('verifies an untampered log', async () => {
    const stream = await aStream();
    expect(await store.verify(stream)).toEqual({ ok: true, streamsChecked: 1, eventsChecked: 4, problems: [] });
    const all = await store.verify();
    expect(all.ok).toBe(true);
    expect(all.streamsChecked).toBeGreaterThanOrEqual(2);
  });

  it('detects altered data, metadata and ciphertext', async () => {
    const stream = await aStream();
    await test.db.query(`update events set data = '{"amount": 1}' where stream_id = $1 and revision = 0`, [stream]);
    await test.db.query(`update events set metadata = metadata || '{"actor": "user:evil"}' where stream_id = $1 and revision = 1`, [stream]);
    await test.db.query(
      `update events set personal_ciphertext = overlay(personal_ciphertext placing '\\x00'::bytea from 40 for 1)
       where stream_id = $1 and revision = 2`,
      [stream],
    );
    expect(await problemsOf(stream)).toEqual([['altered', 0], ['altered', 1], ['altered', 2]]);
    const all = await store.verify();
    expect(all.ok).toBe(false);
    expect(all.problems.filter((p) => p.streamId === stream)).toHaveLength(3);
  });

  it('detects an altered event whose hash was recomputed, through the next link', async () => {
    const stream = await aStream();
    const { rows } = await test.db.query(`select * from events where stream_id = $1 and revision = 1`, [stream]);
    const row = rows[0];
    const content = { streamId: stream, revision: 1, id: row.id, type: row.type, data: { seats: 200 }, metadata: row.metadata, personal: null };
    await test.db.query(`update events set data = $2, hash = $3 where position = $1`, [row.position, content.data, hashEvent(content, row.previous_hash)]);
    expect(await problemsOf(stream)).toEqual([['altered', 1]]);
  });

  it('detects a removed middle event', async () => {
    const stream = await aStream();
    await test.db.query('delete from events where stream_id = $1 and revision = 1', [stream]);
    expect(await problemsOf(stream)).toEqual([['removed', 1]]);
  });

  it('detects a removed last event against the stream head', async () => {
    const stream = await aStream();
    await test.db.query('delete from events where stream_id = $1 and revision = 3', [stream]);
    expect(await problemsOf(stream)).toEqual([['removed', 3]]);
  });

  it('detects a stream whose events were all removed', async () => {
    const stream = await aStream();
    await test.db.query('delete from events where stream_id = $1', [stream]);
    expect(await problemsOf(stream)).toEqual([['removed', 0]]);
  });

  it('detects a forged event, even one chained correctly onto the last hash', async () => {
    const stream = await aStream();
    const last = (await store.readStream(stream)).at(-1)!;
    const forged = {
      streamId: stream,
      revision: 4,
      id: globalThis.crypto.randomUUID(),
      type: 'Refunded',
      data: { amount: 10 },
      metadata: last.metadata,
      personal: null,
    };
    await test.db.query(
      `insert into events (stream_id, revision, id, type, data, metadata, hash, previous_hash)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [stream, 4, forged.id, forged.type, forged.data, forged.metadata, hashEvent(forged, last.hash), last.hash],
    );
    expect(await problemsOf(stream)).toEqual([['inserted', 4]]);
  });

  it('detects a replaced event (deleted, and a forged one put in its place)', async () => {
    const stream = await aStream();
    const [before, original] = (await store.readStream(stream)).slice(0, 2);
    await test.db.query('delete from events where id = $1', [original!.id]);
    const forged = { streamId: stream, revision: 1, id: globalThis.crypto.randomUUID(), type: 'Held', data: { seats: 9 }, metadata: original!.metadata, personal: null };
    await test.db.query(
      `insert into events (stream_id, revision, id, type, data, metadata, hash, previous_hash)
       values ($1, 1, $2, $3, $4, $5, $6, $7)`,
      [stream, forged.id, forged.type, forged.data, forged.metadata, hashEvent(forged, before!.hash), before!.hash],
    );
    expect(await problemsOf(stream)).toEqual([['altered', 1]]);
  });

  it('detects swapped events as reordered', async () => {
    const stream = await aStream();
    await test.db.query('update events set revision = -1 where stream_id = $1 and revision = 1', [stream]);
    await test.db.query('update events set revision = 1 where stream_id = $1 and revision = 2', [stream]);
    await test.db.query('update events set revision = 2 where stream_id = $1 and revision = -1', [stream]);
    const kinds = (await store.verify(stream)).problems.map((p) => p.kind);
    expect(kinds).toContain('reordered');
    expect(kinds.every((kind) => kind === 'reordered' || kind === 'altered')).toBe(true);
  });
});
