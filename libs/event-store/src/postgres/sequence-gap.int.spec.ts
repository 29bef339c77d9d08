import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction, migrate } from '@ticketing/postgres';
import { createTestDatabase, type TestDatabase } from '@ticketing/postgres/testing';
import { anEvent, aStreamId, eventually } from '../testing/fixtures.js';
import type { RecordedEvent } from '../port.js';
import { SubjectKeyVault } from '../personal-data/subject-key-vault.js';
import { prepareEvents } from '../prepare-events.js';
import { appendEvents } from './append-events.js';
import { eventStoreMigrations } from './migrations.js';
import { PostgresEventStore } from './postgres-event-store.js';

/**
 * The classic trap of a PostgreSQL event log: positions handed out in one order, committed in another. These
 * tests hold this store to "every reader sees every event once, in one order" under concurrent writers.
 */
describe('PostgresEventStore global order under concurrent appends (the sequence gap)', () => {
  let test: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    test = await createTestDatabase('event_store_gap');
    await migrate(test.db, eventStoreMigrations);
    store = new PostgresEventStore(test.db, { batchSize: 50 });
  });
  afterAll(async () => {
    await store.close();
    await test.drop();
  });

  it('delivers every event of 16 concurrent writers exactly once, in strictly increasing positions', async () => {
    const writers = 16;
    const appendsPerWriter = 50;
    const head = await store.headPosition();
    const received: RecordedEvent[] = [];
    const subscription = store.subscribeToAll({ after: head, onEvent: (event) => void received.push(event) });
    await subscription.caughtUp;

    let expected = 0;
    await Promise.all(
      Array.from({ length: writers }, async (_, writer) => {
        const streams = [aStreamId(`gap-${writer}-a`), aStreamId(`gap-${writer}-b`)];
        for (let n = 0; n < appendsPerWriter; n++) {
          const batch = n % 5 === 0 ? [anEvent('Multi', { writer, n, part: 0 }), anEvent('Multi', { writer, n, part: 1 }), anEvent('Multi', { writer, n, part: 2 })] : [anEvent('Single', { writer, n })];
          expected += batch.length;
          await store.append(streams[n % 2]!, batch);
        }
      }),
    );

    try {
      await eventually(() => received.length >= expected, 20_000, `${expected} events`);
      // give a duplicate the chance to show up
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await subscription.stop();
    }
    expect(received).toHaveLength(expected);
    expect(new Set(received.map((e) => e.id)).size).toBe(expected);
    const positions = received.map((e) => e.position);
    expect(positions.every((position, i) => i === 0 || position > positions[i - 1]!)).toBe(true);
    const stored = await store.readAll({ after: head });
    expect(received.map((e) => e.id)).toEqual(stored.map((e) => e.id));
  });

  it('makes a later append wait for an earlier uncommitted one, so no reader can pass it', async () => {
    const head = await store.headPosition();
    const vault = new SubjectKeyVault(test.db);
    const slow = await test.db.connect();
    let fastDone = false;
    let fast: Promise<unknown> | undefined;
    try {
      await slow.query('begin');
      // The slow append has taken its position but not committed yet...
      await appendEvents(slow, aStreamId('slow'), await prepareEvents([anEvent('Slow')], vault), 'any');
      // ...so a fast append to another stream can lock its stream row but not take a position.
      fast = store.append(aStreamId('fast'), [anEvent('Fast')]).then(() => (fastDone = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(fastDone).toBe(false);
      expect(await store.readAll({ after: head })).toEqual([]);
      await slow.query('commit');
    } finally {
      await slow.query('rollback').catch(() => undefined);
      slow.release();
    }
    await fast;
    const events = await store.readAll({ after: head });
    expect(events.map((e) => e.type)).toEqual(['Slow', 'Fast']);
    expect(events[0]!.position < events[1]!.position).toBe(true);
  });

  it('leaves no gap for a rolled-back append: positions are gapless, so a missing one is evidence (log-chain.ts)', async () => {
    const head = await store.headPosition();
    const vault = new SubjectKeyVault(test.db);
    const client = await test.db.connect();
    try {
      await client.query('begin');
      const taken = await appendEvents(client, aStreamId('rolled-back'), await prepareEvents([anEvent('Lost'), anEvent('Lost')], vault), 'any');
      expect(taken.position).toBe(head + 2n);
      await client.query('rollback');
    } finally {
      client.release();
    }
    const { position } = await store.append(aStreamId('kept'), [anEvent('Kept')]);
    expect(position).toBe(head + 1n);
    expect((await store.verify()).ok).toBe(true);
  });

  it('(for contrast) a naive bigserial log loses an event for good on the same interleaving', async () => {
    await test.db.query('create table naive_events (position bigserial primary key, type text not null)');
    const first = await test.db.connect();
    try {
      await first.query('begin');
      await first.query("insert into naive_events (type) values ('first')"); // takes position 1, not committed
      await inTransaction(test.db, (c) => c.query("insert into naive_events (type) values ('second')")); // position 2, committed
      const read = async (after: number) =>
        (await test.db.query<{ position: string; type: string }>('select position, type from naive_events where position > $1 order by position', [after])).rows;
      const firstRead = await read(0);
      expect(firstRead.map((r) => r.type)).toEqual(['second']);
      const checkpoint = Number(firstRead.at(-1)!.position);
      await first.query('commit');
      expect(await read(checkpoint)).toEqual([]); // 'first' is committed, and this reader will never see it
    } finally {
      first.release();
    }
  });
});
