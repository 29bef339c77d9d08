import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inTransaction } from '@ticketing/postgres';
import { ProjectionRunner } from './runner.js';
import { schemaNames } from './sql-names.js';
import type { Projection } from './projection.js';
import { eventRowsProjection } from './test-support/event-rows.projection.js';
import { appendEvents, checkpointOf, countRows, createProjectionTestDb, recordingLogger, type ProjectionTestDb } from './test-support/projection-test-db.js';

describe('rebuild and verify', () => {
  let t: ProjectionTestDb;
  beforeEach(async () => {
    t = await createProjectionTestDb('rebuild');
  });
  afterEach(() => t.close());

  const runner = (projection: Projection = eventRowsProjection(), logger = recordingLogger()) =>
    new ProjectionRunner({ db: t.db, store: t.store, projections: [projection], batchSize: 16, wakeUps: 'polling', logger });
  const rows = async () => (await t.db.query('select * from event_rows order by position')).rows;

  it('rebuilds tables equal to the live ones, up to the head', async () => {
    await appendEvents(t.store, 70);
    const r = runner();
    await r.catchUp();
    const live = await rows();
    const head = await appendEvents(t.store, 5); // the rebuild goes to the head, not to the old checkpoint

    await r.rebuild('event-rows');

    expect((await rows()).slice(0, 70)).toEqual(live);
    expect(await countRows(t.db)).toEqual({ rows: 75, distinct: 75 });
    expect(await checkpointOf(t.db, 'event-rows')).toBe(head);
    expect((await r.verify('event-rows')).ok).toBe(true);
  });

  it('verify finds no difference on untouched tables, and finds a row changed, removed or added by hand', async () => {
    await appendEvents(t.store, 40);
    const r = runner();
    await r.catchUp();
    const clean = await r.verify('event-rows');
    expect(clean).toMatchObject({ projection: 'event-rows', ok: true, differences: [] });
    expect(clean.position).toBe(await checkpointOf(t.db, 'event-rows'));

    const [changed] = (await t.db.query<{ event_id: string }>("update event_rows set stream_id = 'tampered' where position = (select min(position) from event_rows) returning event_id")).rows;
    const report = await r.verify('event-rows');
    expect(report.ok).toBe(false);
    expect(report.differences).toHaveLength(1);
    expect(report.differences[0]).toMatchObject({ table: 'event_rows', missingInLive: 1, unexpectedInLive: 1 });
    expect(report.differences[0]!.samples).toEqual(
      expect.arrayContaining([
        { side: 'unexpected-in-live', row: expect.objectContaining({ event_id: changed!.event_id, stream_id: 'tampered' }) },
        { side: 'missing-in-live', row: expect.objectContaining({ event_id: changed!.event_id, stream_id: expect.stringMatching(/^thing-/) }) },
      ]),
    );

    await r.rebuild('event-rows');
    await t.db.query('insert into event_rows select * from event_rows order by position limit 1'); // a duplicate
    await t.db.query('delete from event_rows where position = (select max(position) from event_rows)');
    const twice = await r.verify('event-rows');
    expect(twice.differences[0]).toMatchObject({ missingInLive: 1, unexpectedInLive: 1 });
  });

  it('compares at the live checkpoint even when the log has moved on', async () => {
    await appendEvents(t.store, 20);
    const r = runner();
    await r.catchUp();
    const checkpoint = await checkpointOf(t.db, 'event-rows');
    await appendEvents(t.store, 20); // not applied yet
    const report = await r.verify('event-rows');
    expect(report).toMatchObject({ ok: true, position: checkpoint });
    const schemas = await t.db.query("select nspname from pg_namespace where nspname like 'verify_%'");
    expect(schemas.rows).toEqual([]); // the scratch schema is gone
  });

  it('compares a projection its appends also write at the head when its rows are ahead of the checkpoint', async () => {
    await appendEvents(t.store, 20);
    const inline = { ...eventRowsProjection(), writtenInline: true };
    const r = runner(inline);
    await r.catchUp();
    const head = await appendEvents(t.store, 6, { prefix: 'inline' });
    // what the appends' own transactions would have written: the rows of the events the runner has not reached
    await inTransaction(t.db, async (client) => {
      for (const event of await t.store.readAll({ after: await checkpointOf(t.db, 'event-rows') })) await inline.apply(event, { client, ...schemaNames(inline, 'public') });
    });
    expect(await r.verify('event-rows')).toMatchObject({ ok: true, position: head });
    // the same tables under a projection its appends do not write: rows beyond the checkpoint are a difference
    const plain = await runner().verify('event-rows');
    expect(plain).toMatchObject({ ok: false, differences: [{ table: 'event_rows', missingInLive: 0, unexpectedInLive: 6 }] });
  });

  it('verify sees no difference while a live runner keeps applying new events', async () => {
    await appendEvents(t.store, 200, { perAppend: 10 });
    const live = new ProjectionRunner({ db: t.db, store: t.store, projections: [eventRowsProjection()], batchSize: 5, wakeUps: 'polling', pollIntervalMs: 5, logger: recordingLogger() });
    await live.start();
    try {
      const writer = appendEvents(t.store, 200, { perAppend: 2 });
      const reports = [await runner().verify('event-rows'), await runner().verify('event-rows'), await runner().verify('event-rows')];
      await writer;
      expect(reports.map((r) => r.ok)).toEqual([true, true, true]);
      expect(new Set(reports.map((r) => r.position)).size).toBeGreaterThan(1); // it really compared while the runner moved
    } finally {
      await live.stop();
    }
  });

  it('rebuilds a projection whose version went up when the runner starts, and refuses one that went down', async () => {
    await appendEvents(t.store, 30);
    await runner().catchUp();
    const logger = recordingLogger();
    const v2 = runner(eventRowsProjection({ version: 2, withTypeColumn: true }), logger);
    await v2.catchUp();
    const typed = await t.db.query<{ n: number }>('select count(type)::int as n from event_rows');
    expect(typed.rows[0]!.n).toBe(30);
    expect(await countRows(t.db)).toEqual({ rows: 30, distinct: 30 });
    expect(logger.entries).toContainEqual({ level: 'info', entry: expect.objectContaining({ projection: 'event-rows', outcome: 'rebuilding' }) });

    const oldLogger = recordingLogger();
    await runner(eventRowsProjection({ version: 1 }), oldLogger).catchUp();
    expect(oldLogger.entries).toContainEqual({ level: 'error', entry: expect.objectContaining({ code: 'error.PROJECTION_VERSION_MISMATCH' }) });
    expect((await t.db.query<{ version: number }>('select version from projection_checkpoints')).rows).toEqual([{ version: 2 }]);
    expect(await countRows(t.db)).toEqual({ rows: 30, distinct: 30 });
  });
});
