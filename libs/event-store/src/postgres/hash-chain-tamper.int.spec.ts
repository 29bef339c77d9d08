import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '@ticketing/postgres';
import { createTestDatabase, type TestDatabase } from '@ticketing/postgres/testing';
import { anEvent, aStreamId } from '../testing/fixtures.js';
import { hashEvent } from '../hash-chain.js';
import { LOG_STREAM_ID } from '../log-chain.js';
import type { ChainProblem } from '../port.js';
import { recordedAtText } from './event-rows.js';
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
    await test.db.query(`update events set metadata = (metadata::jsonb || '{"actor": "user:evil"}')::json where stream_id = $1 and revision = 1`, [stream]);
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
    const { rows } = await test.db.query(`select *, ${recordedAtText('recorded_at')} as recorded_at_text from events where stream_id = $1 and revision = 1`, [stream]);
    const row = rows[0];
    const content = { streamId: stream, revision: 1, id: row.id, type: row.type, data: { seats: 200 }, metadata: row.metadata, personal: null, recordedAt: row.recorded_at_text };
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
      `insert into events (position, stream_id, revision, id, type, data, metadata, hash, previous_hash, hash_format)
       values ((select max(position) + 1 from events), $1, $2, $3, $4, $5, $6, $7, $8, 1)`,
      [stream, 4, forged.id, forged.type, forged.data, forged.metadata, hashEvent(forged, last.hash), last.hash],
    );
    expect(await problemsOf(stream)).toEqual([['inserted', 4]]);
    // It took a position beyond the log head, which the next append would take: out of the way of later tests.
    await test.db.query('delete from events where id = $1', [forged.id]);
  });

  it('detects a replaced event (deleted, and a forged one put in its place)', async () => {
    const stream = await aStream();
    const [before, original] = (await store.readStream(stream)).slice(0, 2);
    await test.db.query('delete from events where id = $1', [original!.id]);
    const forged = { streamId: stream, revision: 1, id: globalThis.crypto.randomUUID(), type: 'Held', data: { seats: 9 }, metadata: original!.metadata, personal: null };
    await test.db.query(
      `insert into events (position, stream_id, revision, id, type, data, metadata, hash, previous_hash, hash_format)
       values ($1, $2, 1, $3, $4, $5, $6, $7, $8, 1)`,
      [original!.position, stream, forged.id, forged.type, forged.data, forged.metadata, hashEvent(forged, before!.hash), before!.hash],
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

  // What an intruder did in issue 17 without `verify-log` noticing: each test below failed before the log chain
  // and hash format 2. Every test shares the database, so log problems are taken from this test's positions on.
  const logProblemsFrom = async (from: bigint): Promise<ChainProblem[]> =>
    (await store.verify()).problems.filter((p) => p.position !== undefined && p.position > from);
  const positionOf = async (stream: string, revision: number) =>
    BigInt((await test.db.query('select position from events where stream_id = $1 and revision = $2', [stream, revision])).rows[0].position);

  it('detects a stream cut short with its head moved back (a last event removed), which the stream alone cannot show', async () => {
    const from = await store.headPosition();
    const stream = await aStream();
    const cut = await positionOf(stream, 3);
    const [kept] = (await test.db.query('select hash from events where stream_id = $1 and revision = 2', [stream])).rows;
    await test.db.query('delete from events where stream_id = $1 and revision = 3', [stream]);
    await test.db.query('update streams set revision = 2, last_hash = $2 where stream_id = $1', [stream, kept.hash]);

    expect((await store.verify(stream)).ok).toBe(true);
    const problems = await logProblemsFrom(from);
    expect(problems.map((p) => [p.streamId, p.kind, p.position])).toEqual([[LOG_STREAM_ID, 'removed', cut]]);
    expect((await store.verify()).ok).toBe(false);
  });

  it('detects the last event of the whole log removed with its stream head moved back', async () => {
    const from = await store.headPosition();
    const stream = aStreamId('tail');
    await store.append(stream, [anEvent('Opened'), anEvent('Confirmed')], 'no_stream');
    const [kept] = (await test.db.query('select hash from events where stream_id = $1 and revision = 0', [stream])).rows;
    await test.db.query('delete from events where stream_id = $1 and revision = 1', [stream]);
    await test.db.query('update streams set revision = 0, last_hash = $2 where stream_id = $1', [stream, kept.hash]);

    const problems = await logProblemsFrom(from);
    expect(problems.map((p) => [p.streamId, p.kind, p.position])).toEqual([[LOG_STREAM_ID, 'removed', from + 2n]]);
    // Put back, so that the tests after this one do not all find this tail missing.
    await store.append(aStreamId('after-tail'), [anEvent('Other')]);
  });

  it('detects a stream removed with its head', async () => {
    const from = await store.headPosition();
    const stream = await aStream();
    const first = await positionOf(stream, 0);
    await test.db.query('delete from events where stream_id = $1', [stream]);
    await test.db.query('delete from streams where stream_id = $1', [stream]);

    expect(await store.verify(stream)).toMatchObject({ ok: true, streamsChecked: 0 });
    const problems = await logProblemsFrom(from);
    expect(problems.map((p) => [p.streamId, p.kind, p.position])).toEqual([[LOG_STREAM_ID, 'removed', first]]);
    expect(problems[0]!.detail).toContain(`positions ${first}..${first + 3n} are missing`);
  });

  it('detects a moved recorded_at, the time audit history shows', async () => {
    const stream = await aStream();
    await test.db.query(`update events set recorded_at = recorded_at - interval '2 days' where stream_id = $1 and revision = 3`, [stream]);
    expect(await problemsOf(stream)).toEqual([['altered', 3]]);
    // Even by a microsecond, which a read (milliseconds) would not show.
    const other = await aStream();
    await test.db.query(`update events set recorded_at = recorded_at + interval '1 microsecond' where stream_id = $1 and revision = 0`, [other]);
    expect(await problemsOf(other)).toEqual([['altered', 0]]);
  });

  it('detects events of two streams swapped in the global order (the position, which audit history shows)', async () => {
    const from = await store.headPosition();
    const stream = await aStream();
    const [a, b] = [await positionOf(stream, 3), await positionOf(stream, 3) + 1n]; // the bystander comes right after
    await test.db.query('update events set position = -1 where position = $1', [a]);
    await test.db.query('update events set position = $1 where position = $2', [a, b]);
    await test.db.query('update events set position = $1 where position = -1', [b]);

    // The stream's own check sees its event's link broken too; its chain and revisions are in order.
    expect((await store.verify(stream)).problems.map((p) => [p.kind, p.revision, p.position])).toEqual([['altered', 3, b]]);
    const problems = await logProblemsFrom(from);
    expect(problems.map((p) => [p.kind, p.position])).toEqual([['altered', a], ['altered', b]]);
  });
});
