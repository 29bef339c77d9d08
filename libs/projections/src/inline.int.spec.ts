import type { PendingEvent } from '@ticketing/event-store';
import { inTransaction } from '@ticketing/postgres';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inlineProjection } from './inline.js';
import type { ProjectionTx } from './projection.js';
import { ProjectionRunner } from './runner.js';
import { eventRowsProjection } from './test-support/event-rows.projection.js';
import { createProjectionTestDb, recordingLogger, type ProjectionTestDb } from './test-support/projection-test-db.js';

const metadata = { correlationId: 'c', causationId: 'c', occurredAt: '2025-01-01T00:00:00.000Z', actor: 'system:test' };
const pending = (streamId: string, revision: number): PendingEvent => ({ streamId, revision, type: 'ThingCreated', data: {}, metadata });
/** The rows an append can write: no position or event id yet, so the revision and a fresh id stand in. */
const writeRows = async (events: readonly PendingEvent[], tx: ProjectionTx) => {
  for (const e of events) await tx.client.query(`insert into ${tx.table('event_rows')} values ($1, gen_random_uuid(), $2)`, [e.revision, e.streamId]);
};

describe('inlineProjection', () => {
  let t: ProjectionTestDb;
  beforeEach(async () => {
    t = await createProjectionTestDb('inline_projection');
    // the runner prepares the tables and the checkpoint row (version 1)
    await new ProjectionRunner({ db: t.db, store: t.store, projections: [eventRowsProjection()], logger: recordingLogger() }).catchUp();
  });
  afterEach(() => t.close());

  const streamRows = async (streamId: string) => (await t.db.query('select 1 from event_rows where stream_id = $1', [streamId])).rowCount;

  it('writes the rows of the events its projection handles when the tables are of its version', async () => {
    const wrote = await inTransaction(t.db, (client) => inlineProjection(eventRowsProjection(), writeRows)(client, [pending('a', 0), pending('a', 1)]));
    expect(wrote).toBe(true);
    expect(await streamRows('a')).toBe(2);
  });

  it('writes nothing and says so when the tables are of another version (a rolling deploy rebuilt them)', async () => {
    const wrote = await inTransaction(t.db, (client) => inlineProjection(eventRowsProjection({ version: 2 }), writeRows)(client, [pending('b', 0)]));
    expect(wrote).toBe(false);
    expect(await streamRows('b')).toBe(0);
  });
});
