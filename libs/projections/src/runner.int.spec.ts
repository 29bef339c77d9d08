import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProjectionRunner } from './runner.js';
import { ProjectionStoppedError } from './errors.js';
import { eventRowsProjection } from './test-support/event-rows.projection.js';
import { appendEvents, checkpointOf, countRows, createProjectionTestDb, recordingLogger, type ProjectionTestDb } from './test-support/projection-test-db.js';

describe('ProjectionRunner', () => {
  let t: ProjectionTestDb;
  beforeEach(async () => {
    t = await createProjectionTestDb('runner');
  });
  afterEach(() => t.close());

  const runner = (options: Partial<ConstructorParameters<typeof ProjectionRunner>[0]> = {}) =>
    new ProjectionRunner({ db: t.db, store: t.store, projections: [eventRowsProjection()], batchSize: 10, wakeUps: 'polling', logger: recordingLogger(), ...options });

  it('applies every event once and moves the checkpoint to the head', async () => {
    const head = await appendEvents(t.store, 95);
    await runner().catchUp();
    expect(await countRows(t.db)).toEqual({ rows: 95, distinct: 95 });
    expect(await checkpointOf(t.db, 'event-rows')).toBe(head);
  });

  it('commits rows and checkpoint together: a throw mid-batch leaves neither, and stops only that projection', async () => {
    await appendEvents(t.store, 30);
    const events = await t.store.readAll();
    const failing = events[14]!; // the 5th event of the second batch of 10
    const logger = recordingLogger();
    const r = runner({
      logger,
      projections: [eventRowsProjection({ failOn: (e) => e.id === failing.id }), eventRowsProjection({ name: 'healthy', table: 'healthy_rows' })],
    });
    await r.catchUp();

    // The first batch committed; of the failed one, not the four rows written before the throw, nor the checkpoint.
    expect(await countRows(t.db)).toEqual({ rows: 10, distinct: 10 });
    expect(await checkpointOf(t.db, 'event-rows')).toBe(events[9]!.position);
    // The other projection went on to the head.
    expect(await countRows(t.db, 'healthy_rows')).toEqual({ rows: 30, distinct: 30 });
    expect(await checkpointOf(t.db, 'healthy')).toBe(events[29]!.position);

    const errors = logger.entries.filter((e) => e.level === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.entry).toMatchObject({
      projection: 'event-rows',
      code: 'error.PROJECTION_APPLY_FAILED',
      event: { id: failing.id, position: failing.position.toString(), streamId: failing.streamId, type: failing.type },
    });
    const { rows } = await t.db.query<{ last_error: string }>("select last_error from projection_checkpoints where name = 'event-rows'");
    expect(rows[0]!.last_error).toContain(`position ${failing.position}`);
    await expect(r.waitFor(events[29]!.position, 1_000)).rejects.toBeInstanceOf(ProjectionStoppedError);
    // a wait for a later write still waits for the projections that run (a command's read-your-writes), then says which stopped
    const later = await appendEvents(t.store, 5);
    const waited = r.waitFor(later, 5_000).then(
      () => ({ error: null, healthy: null }),
      async (error: unknown) => ({ error, healthy: await checkpointOf(t.db, 'healthy') }),
    );
    await r.catchUp();
    const outcome = await waited;
    expect(outcome.error).toBeInstanceOf(ProjectionStoppedError);
    expect(outcome.healthy).toBe(later);

    // A later run (a restart with the bug fixed) resumes after the last committed checkpoint.
    await runner().catchUp();
    expect(await countRows(t.db)).toEqual({ rows: 35, distinct: 35 });
    const after = await t.db.query<{ last_error: string | null }>("select last_error from projection_checkpoints where name = 'event-rows'");
    expect(after.rows[0]!.last_error).toBeNull();
  });

  it('applies the projections a batch busies in one transaction', async () => {
    const r = runner({ projections: [eventRowsProjection(), eventRowsProjection({ name: 'second', table: 'second_rows' })], replayLanes: 1 });
    await r.catchUp(); // prepared
    const head = await appendEvents(t.store, 30);
    const query = vi.spyOn(pg.Client.prototype, 'query');
    try {
      await r.catchUp();
      const begins = query.mock.calls.filter(([text]) => text === 'begin');
      expect(begins).toHaveLength(3); // three batches of 10, each one transaction for both
    } finally {
      query.mockRestore();
    }
    expect(await countRows(t.db, 'second_rows')).toEqual({ rows: 30, distinct: 30 });
    expect([await checkpointOf(t.db, 'event-rows'), await checkpointOf(t.db, 'second')]).toEqual([head, head]);
  });

  it('replays in lanes: each lane a transaction of its own per page, every page read once, every read model at the head', async () => {
    const projections = [1, 2, 3, 4].map((n) => eventRowsProjection({ name: `lane-${n}`, table: `lane_${n}_rows` }));
    const r = runner({ projections, replayLanes: 2 });
    await r.catchUp(); // prepared
    const head = await appendEvents(t.store, 30);
    const query = vi.spyOn(pg.Client.prototype, 'query');
    const read = vi.spyOn(t.store, 'readAll');
    const pages: bigint[] = [];
    try {
      await r.catchUp(({ position }) => pages.push(position));
      expect(query.mock.calls.filter(([text]) => text === 'begin')).toHaveLength(6); // three pages of 10, two lanes
      // three full pages, the empty one after them, and the pass that finds nothing left
      expect(read.mock.calls.map(([options]) => options?.after)).toEqual([head - 30n, head - 20n, head - 10n, head, head]);
    } finally {
      query.mockRestore();
      read.mockRestore();
    }
    expect(pages).toEqual([head - 20n, head - 10n, head]);
    for (const n of [1, 2, 3, 4]) {
      expect(await countRows(t.db, `lane_${n}_rows`)).toEqual({ rows: 30, distinct: 30 });
      expect(await checkpointOf(t.db, `lane-${n}`)).toBe(head);
    }
  });

  it('replays in lanes: a read model that fails stops alone, the others of its lane and the other lane go to the head', async () => {
    await appendEvents(t.store, 40);
    const events = await t.store.readAll();
    const failing = events[24]!;
    const projections = [
      eventRowsProjection({ name: 'fails', table: 'fails_rows', failOn: (e) => e.id === failing.id }),
      ...[1, 2, 3].map((n) => eventRowsProjection({ name: `lane-${n}`, table: `lane_${n}_rows` })),
    ];
    const r = runner({ projections, replayLanes: 2 });
    await r.catchUp();
    expect(await countRows(t.db, 'fails_rows')).toEqual({ rows: 20, distinct: 20 });
    expect(await checkpointOf(t.db, 'fails')).toBe(events[19]!.position);
    for (const n of [1, 2, 3]) {
      expect(await countRows(t.db, `lane_${n}_rows`)).toEqual({ rows: 40, distinct: 40 });
      expect(await checkpointOf(t.db, `lane-${n}`)).toBe(events[39]!.position);
    }
  });

  it('changes nothing when replayed again', async () => {
    await appendEvents(t.store, 40);
    await runner().catchUp();
    const before = await t.db.query('select * from event_rows order by position');
    await runner().catchUp();
    await runner({ batchSize: 7 }).catchUp();
    const again = await t.db.query('select * from event_rows order by position');
    expect(again.rows).toEqual(before.rows);
  });

  it('skips the events at or below the checkpoint another process committed after this one last read it', async () => {
    const stale = runner();
    await stale.catchUp(); // empty log: it knows the checkpoint at the start
    await appendEvents(t.store, 50);
    await runner().catchUp(); // "another process" applies all 50
    await stale.catchUp(); // reads from the start again, but re-reads the checkpoint under the lock
    expect(await countRows(t.db)).toEqual({ rows: 50, distinct: 50 });
  });

  it('applies each event exactly once when two runners work the same database at the same time', async () => {
    const head = await appendEvents(t.store, 600, { perAppend: 20 });
    const projections = () => [eventRowsProjection(), eventRowsProjection({ name: 'second', table: 'second_rows' })];
    const a = runner({ projections: projections(), batchSize: 25 });
    const b = runner({ projections: projections(), batchSize: 40 });
    await Promise.all([a.catchUp(), b.catchUp(), a.catchUp(), b.catchUp()]);
    expect(await countRows(t.db)).toEqual({ rows: 600, distinct: 600 });
    expect(await countRows(t.db, 'second_rows')).toEqual({ rows: 600, distinct: 600 });
    expect(await checkpointOf(t.db, 'event-rows')).toBe(head);
    expect(await checkpointOf(t.db, 'second')).toBe(head);
  });
});
