import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventAppender } from './event-appender.js';
import { startTestApp, type TestApp } from '@ticketing/testing/app';

describe('read-your-writes', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('returns from an append only when the read models show it', async () => {
    const appender = app.app.get(EventAppender);
    const db = app.db;
    const metadata = { correlationId: 'c-1', causationId: 'c-1', occurredAt: '2026-11-25T10:00:00.000Z', actor: 'system:test' };
    for (let revision = 0; revision < 20; revision++) {
      await appender.append('probe-42', [{ type: 'ProbeRecorded', data: { n: revision }, metadata }], revision === 0 ? 'no_stream' : revision - 1);
      // read straight after the call returned, as a GET would: no waiting, no retry
      const row = await db.query('select revision, event_count from stream_summary where stream_id = $1', ['probe-42']);
      expect(row.rows[0]).toMatchObject({ revision: revision, event_count: revision + 1 });
    }
  });
});
