import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrate } from '@ticketing/postgres';
import { createTestDatabase, type TestDatabase } from '@ticketing/postgres/testing';
import { anEvent, aStreamId } from '../testing/fixtures.js';
import type { StreamAppend } from '../port.js';
import { SubjectKeyVault } from '../personal-data/subject-key-vault.js';
import { prepareEvents } from '../prepare-events.js';
import { appendEvents } from './append-events.js';
import { eventStoreMigrations } from './migrations.js';
import { PostgresEventStore } from './postgres-event-store.js';

/** What the contract cannot see of appendToStreams through the port: statements, rows and the append lock. */
describe('PostgresEventStore.appendToStreams', () => {
  let test: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    test = await createTestDatabase('event_store_multi');
    await migrate(test.db, eventStoreMigrations);
    store = new PostgresEventStore(test.db);
  });
  afterAll(async () => {
    await store.close();
    await test.drop();
  });

  const newStream = (streamId: string): StreamAppend => ({ streamId, events: [anEvent('Opened')], expectedRevision: 'no_stream' });

  /** The on-sale shape: one busy stream with `events` events, plus `events` new streams of one event each. */
  const rush = (busy: string, events: number): StreamAppend[] => [
    { streamId: busy, events: Array.from({ length: events }, (_, n) => anEvent('SeatsHeld', { n })), expectedRevision: 'any' },
    ...Array.from({ length: events }, () => newStream(aStreamId('reservation'))),
  ];

  it('sends the same statements for 2 streams as for 201', async () => {
    const statements = async (appends: StreamAppend[]): Promise<number> => {
      const query = vi.spyOn(pg.Client.prototype, 'query');
      try {
        await store.appendToStreams(appends);
        return query.mock.calls.length;
      } finally {
        query.mockRestore();
      }
    };
    const busy = aStreamId('inventory');
    const small = await statements(rush(busy, 1));
    const large = await statements(rush(busy, 200));
    // begin, create or lock the heads, move the heads and insert the events, commit
    expect({ small, large }).toEqual({ small: 4, large: 4 });
    expect(await store.readStream(busy)).toHaveLength(201);
    expect(await store.verify(busy)).toMatchObject({ ok: true, eventsChecked: 201 });
  });

  it('stores any text of data, metadata, type and stream id as given, in order, in one and in several streams', async () => {
    const texts = ['quote " and \\ backslash', 'tab\tnew\nline', 'Zürich 日本語 😀', '\u2028\u2029', '</script>', '{"not":"json"}', '[1,2'];
    const odd = aStreamId('odd "stream" \\ é');
    const data = { texts, nested: { 'k"q': texts, 'back\\slash': [null, true, 0.1, -0, 1e21] } };
    await store.append(odd, [anEvent('Type "quoted"', data), anEvent('Second', { n: 2 })]);
    await store.appendToStreams([
      { streamId: odd, events: [anEvent('Third', data)], expectedRevision: 1 },
      { streamId: aStreamId('other'), events: [anEvent('Fourth', { texts })], expectedRevision: 'no_stream' },
    ]);
    const read = await store.readStream(odd);
    expect(read.map((e) => [e.streamId, e.revision, e.type])).toEqual([
      [odd, 0, 'Type "quoted"'],
      [odd, 1, 'Second'],
      [odd, 2, 'Third'],
    ]);
    expect(read[0]!.data).toEqual(JSON.parse(JSON.stringify(data)));
    expect(read[2]!.data).toEqual(read[0]!.data);
    expect(read[0]!.position < read[1]!.position && read[1]!.position < read[2]!.position).toBe(true);
    expect(await store.verify(odd)).toMatchObject({ ok: true, eventsChecked: 3 });
  });

  it('checks a stream given no events beside written ones, and creates only the written ones', async () => {
    const [checked, written, missing] = [aStreamId('checked'), aStreamId('written'), aStreamId('missing')];
    await store.append(checked, [anEvent('A')]);
    const result = await store.appendToStreams([
      { streamId: checked, events: [], expectedRevision: 0 },
      { streamId: written, events: [anEvent('B')], expectedRevision: 'no_stream' },
      { streamId: missing, events: [], expectedRevision: 'no_stream' },
    ]);
    expect(result.streams.map((s) => s.nextExpectedRevision)).toEqual([0, 0, -1]);
    const rows = await test.db.query('select stream_id from streams where stream_id = any($1) order by stream_id', [[checked, written, missing]]);
    expect(rows.rows.map((r) => r.stream_id).sort()).toEqual([checked, written].sort());
  });

  it('reports for each stream the position of its own last event', async () => {
    const appends = rush(aStreamId('inventory'), 3);
    const result = await store.appendToStreams(appends);
    for (const [index, { streamId }] of appends.entries()) {
      expect(result.streams[index]!.position).toBe((await store.readStream(streamId)).at(-1)!.position);
    }
  });

  it('runs an inline projector in the transaction of the append: its rows commit with the events, or neither does', async () => {
    await test.db.query('create table if not exists inline_rows (stream_id text, revision int, type text)');
    const inline = async (client: pg.ClientBase, events: readonly { streamId: string; revision: number; type: string }[]) => {
      for (const e of events) await client.query('insert into inline_rows values ($1, $2, $3)', [e.streamId, e.revision, e.type]);
      return true;
    };
    const kept = aStreamId('inline');
    const result = await store.appendToStreams([newStream(kept)], { inline });
    expect(result.projectedInline).toBe(true);
    expect((await test.db.query('select stream_id, revision, type from inline_rows where stream_id = $1', [kept])).rows).toEqual([{ stream_id: kept, revision: 0, type: 'Opened' }]);

    const dropped = aStreamId('inline');
    const failing = async (client: pg.ClientBase, events: readonly { streamId: string; revision: number; type: string }[]) => {
      await inline(client, events);
      throw new Error('the read model refused');
    };
    await expect(store.appendToStreams([newStream(dropped)], { inline: failing })).rejects.toThrow('the read model refused');
    expect((await test.db.query('select 1 from inline_rows where stream_id = $1', [dropped])).rowCount).toBe(0);
    expect(await store.readStream(dropped)).toEqual([]);
    expect((await store.appendToStreams([newStream(aStreamId('plain'))])).projectedInline).toBeUndefined();
    expect((await store.appendToStreams([newStream(aStreamId('declined'))], { inline: async () => false })).projectedInline).toBe(false);
  });

  it('leaves no stream row behind when a call fails', async () => {
    const taken = aStreamId('taken');
    await store.append(taken, [anEvent('A')]);
    const appends = [...rush(aStreamId('inventory'), 3), { streamId: taken, events: [anEvent('B')], expectedRevision: 'no_stream' as const }];
    await expect(store.appendToStreams(appends)).rejects.toMatchObject({ streamId: taken });
    const rows = await test.db.query('select stream_id from streams where stream_id = any($1)', [appends.map((a) => a.streamId)]);
    expect(rows.rows).toEqual([{ stream_id: taken }]);
  });

  it('creates missing streams in stream_id order, so a concurrent creator of the same streams cannot deadlock it', async () => {
    const base = aStreamId('order');
    const [first, second] = [`${base}-1`, `${base}-2`];
    const other = await test.db.connect();
    try {
      // Another transaction is creating `first`, and will create `second` next (as a multi-append does, in order).
      await other.query('begin');
      await other.query(`insert into streams (stream_id, revision, last_hash) values ($1, -1, '') on conflict do nothing`, [first]);
      // Named the other way round: in call order it would create `second`, then wait for `first`.
      const multi = store.appendToStreams([newStream(second), newStream(first)]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await other.query(`insert into streams (stream_id, revision, last_hash) values ($1, -1, '') on conflict do nothing`, [second]);
      await other.query('rollback');
      expect((await multi).streams.map((s) => s.nextExpectedRevision)).toEqual([0, 0]);
    } finally {
      await other.query('rollback').catch(() => undefined);
      other.release();
    }
  });

  it('takes the append lock: waits for an earlier uncommitted append and lands after it', async () => {
    const head = await store.headPosition();
    const slow = await test.db.connect();
    let multiDone = false;
    let multi: Promise<unknown> | undefined;
    try {
      await slow.query('begin');
      await appendEvents(slow, aStreamId('slow'), await prepareEvents([anEvent('Slow')], new SubjectKeyVault(test.db)), 'any');
      const fast: StreamAppend = { streamId: aStreamId('fast'), events: [anEvent('Fast')], expectedRevision: 'any' };
      multi = store.appendToStreams([fast]).then(() => (multiDone = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(multiDone).toBe(false);
      await slow.query('commit');
    } finally {
      await slow.query('rollback').catch(() => undefined);
      slow.release();
    }
    await multi;
    expect((await store.readAll({ after: head })).map((e) => e.type)).toEqual(['Slow', 'Fast']);
  });
});
