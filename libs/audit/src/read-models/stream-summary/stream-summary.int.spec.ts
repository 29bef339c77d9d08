import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEventStore, eventStoreMigrations, type EventStore, type EventToAppend } from '@ticketing/event-store';
import { migrate } from '@ticketing/postgres';
import { createTestDatabase, type TestDatabase } from '@ticketing/postgres/testing';
import { ProjectionRunner, projectionMigrations, type ProjectionLogger } from '@ticketing/projections';
import { streamSummaryProjection } from './stream-summary.projection.js';
import { listStreamSummaries } from './stream-summary.query.js';

const silent: ProjectionLogger = { log: () => undefined, warn: () => undefined, error: () => undefined };
const event = (type: string): EventToAppend => ({
  type,
  data: {},
  metadata: { correlationId: 'c', causationId: 'c', occurredAt: '2025-03-01T10:00:00.000Z', actor: 'system:test' },
});

describe('stream-summary projection', () => {
  let test: TestDatabase;
  let store: EventStore;
  let runner: ProjectionRunner;
  beforeEach(async () => {
    test = await createTestDatabase('stream_summary');
    await migrate(test.db, [...eventStoreMigrations, ...projectionMigrations]);
    store = createEventStore({ db: test.db });
    runner = new ProjectionRunner({ db: test.db, store, projections: [streamSummaryProjection], batchSize: 3, wakeUps: 'polling', logger: silent });
  });
  afterEach(async () => {
    await store.close();
    await test.drop();
  });

  it('keeps one row per stream with its revision, first and last event and count', async () => {
    await store.append('reservation-1', [event('ReservationOpened'), event('BookingValidated')]);
    await store.append('ticket-a', [event('TicketIssued')]);
    await store.append('reservation-1', [event('ReservationConfirmed')]);
    await runner.catchUp();

    const [reservation, ticket] = await Promise.all(['reservation-1', 'ticket-a'].map((id) => store.readStream(id)));
    const rows = await listStreamSummaries(test.db);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.streamId === 'reservation-1')).toEqual({
      streamId: 'reservation-1',
      category: 'reservation',
      revision: 2,
      firstEventAt: new Date(reservation![0]!.recordedAt),
      lastEventAt: new Date(reservation![2]!.recordedAt),
      lastEventType: 'ReservationConfirmed',
      eventCount: 3,
    });
    expect(rows.find((r) => r.streamId === 'ticket-a')).toMatchObject({ category: 'ticket', revision: 0, eventCount: 1, firstEventAt: new Date(ticket![0]!.recordedAt) });
    expect(await listStreamSummaries(test.db, { category: 'ticket' })).toEqual([rows.find((r) => r.streamId === 'ticket-a')]);
  });

  it('changes nothing when an event is applied a second time', async () => {
    await store.append('ticket-b', [event('TicketIssued'), event('TicketAssigned')]);
    await runner.catchUp();
    const before = await listStreamSummaries(test.db);
    const client = await test.db.connect();
    try {
      const tx = { client, schema: 'public', table: (name: string) => `"public"."${name}"` };
      for (const e of await store.readAll()) await streamSummaryProjection.apply(e, tx);
    } finally {
      client.release();
    }
    expect(await listStreamSummaries(test.db)).toEqual(before);
  });

  it('rebuilds to the same rows, and verify finds a count changed by hand', async () => {
    for (let i = 0; i < 5; i++) await store.append(`inventory-${i % 2}`, [event('SeatsHeld'), event('SeatsReleased')]);
    await runner.catchUp();
    const live = await listStreamSummaries(test.db);
    await runner.rebuild('stream-summary');
    expect(await listStreamSummaries(test.db)).toEqual(live);
    expect(await runner.verify('stream-summary')).toMatchObject({ ok: true });

    await test.db.query("update stream_summary set event_count = 99 where stream_id = 'inventory-0'");
    const report = await runner.verify('stream-summary');
    expect(report.ok).toBe(false);
    expect(report.differences).toEqual([expect.objectContaining({ table: 'stream_summary', missingInLive: 1, unexpectedInLive: 1 })]);
  });
});
